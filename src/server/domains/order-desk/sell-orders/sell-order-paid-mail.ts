import { groupIndian } from "../../../../shared/indian-grouping";
import type { Language } from "../../../../shared/languages";
import type { OutboxMessage } from "../../../platform/notifications/outbox";
import type { SellOrderRow } from "../../orders/sell/sell-order-view";

type Destination = { kind: "upi" | "bank"; upi_id: string | null; account_number: string | null };

/** Where the customer's sales are listed (both directions, decision 050). */
const historyLink = (publicUrl: string) => `${publicUrl}/order-history`;

/** The last four digits of an account number: enough to recognise it, too few to misuse. */
const lastFour = (accountNumber: string | null) => (accountNumber ?? "").slice(-4);

/**
 * The customer's e-mail that the rupees of their sale were paid, with the bank's UTR
 * to trace the payment by, in the language they last read the site in.
 */
export function sellOrderPaidMail(
  order: Pick<
    SellOrderRow,
    "id" | "user_email" | "inr_amount" | "deposit_usdt" | "received_usdt" | "paid_utr"
  >,
  destination: Destination,
  { language, publicUrl }: { language: Language; publicUrl: string },
): OutboxMessage {
  const shortId = order.id.slice(0, 8);
  const rupees = `₹${groupIndian(order.inr_amount)}`;
  // An operator may have credited another amount than the one asked.
  const usdt = `${groupIndian(order.received_usdt ?? order.deposit_usdt)} USDT`;
  const utr = order.paid_utr ?? "";
  const { subject, text } =
    language === "hi"
      ? {
          subject: `आपकी बिक्री #${shortId} के रुपये भेज दिए गए`,
          text: `हमने आपके ${usdt} के ${rupees} ${
            destination.kind === "upi"
              ? `आपकी UPI ID ${destination.upi_id} पर`
              : `आपके बैंक खाते (आख़िरी अंक ${lastFour(destination.account_number)}) में`
          } भेज दिए हैं। बैंक का रेफ़रेंस (UTR): ${utr}। पैसा आमतौर पर कुछ मिनटों में खाते में दिखता है; 24 घंटे में न दिखे तो इस UTR के साथ हमारी सपोर्ट चैट पर लिखें।`,
        }
      : {
          subject: `The rupees for your sale #${shortId} were paid`,
          text: `We have paid ${rupees} for your ${usdt} to ${
            destination.kind === "upi"
              ? `your UPI ID ${destination.upi_id}`
              : `your bank account ending ${lastFour(destination.account_number)}`
          }. The bank's reference (UTR) is ${utr}. It usually shows in your account within minutes; if it has not in 24 hours, write to our support chat with this UTR.`,
        };
  const link = historyLink(publicUrl);
  return {
    channel: "email",
    topic: "sell_order.paid",
    payload: { to: order.user_email, subject, text: `${text}\n\n${link}\n\n— RupeeDesk`, link },
  };
}

import { groupIndian } from "../../../../shared/indian-grouping";
import type { Language } from "../../../../shared/languages";
import type { OutboxMessage } from "../../../platform/notifications/outbox";
import type { SaleRow } from "../../orders/sell/sale-view";

/*
 * The customer's e-mails about their sale from the payout queue, in the language they
 * last read the site in: its rupees paid, or the sale cancelled.
 */

type Destination = { kind: "upi" | "bank"; upi_id: string | null; account_number: string | null };
type Wording = { subject: string; text: string };

/** Where the customer's sales are listed (both directions, decision 050). */
const historyLink = (publicUrl: string) => `${publicUrl}/order-history`;

/** The last four digits of an account number: enough to recognise it, too few to misuse. */
const lastFour = (accountNumber: string | null) => (accountNumber ?? "").slice(-4);

/** The USDT of the sale: what it received (an operator may have credited another amount), else what it asked. */
const usdtOf = (order: Pick<SaleRow, "deposit_usdt" | "received_usdt">) =>
  `${groupIndian(order.received_usdt ?? order.deposit_usdt)} USDT`;

function customerMail(
  order: Pick<SaleRow, "user_email">,
  topic: string,
  { subject, text }: Wording,
  publicUrl: string,
): OutboxMessage {
  const link = historyLink(publicUrl);
  return {
    channel: "email",
    topic,
    payload: { to: order.user_email, subject, text: `${text}\n\n${link}\n\n— RupeeDesk`, link },
  };
}

/** The customer's e-mail that the rupees of their sale were paid, with the bank's UTR to trace the payment by. */
export function salePaidMail(
  order: Pick<
    SaleRow,
    | "id"
    | "user_email"
    | "deposit_usdt"
    | "received_usdt"
    | "paid_utr"
    | "payout_inr"
    | "tds_inr"
    | "tds_rate_percent"
  >,
  destination: Destination,
  { language, publicUrl }: { language: Language; publicUrl: string },
): OutboxMessage {
  const shortId = order.id.slice(0, 8);
  const rupees = `₹${groupIndian(order.payout_inr)}`;
  const usdt = usdtOf(order);
  const utr = order.paid_utr ?? "";
  const tds = `₹${groupIndian(order.tds_inr)}`;
  const isTaxed = order.tds_rate_percent !== null;
  const wording: Wording =
    language === "hi"
      ? {
          subject: `आपकी बिक्री #${shortId} के रुपये भेज दिए गए`,
          text: `हमने आपके ${usdt} के ${rupees} ${
            destination.kind === "upi"
              ? `आपकी UPI ID ${destination.upi_id} पर`
              : `आपके बैंक खाते (आख़िरी अंक ${lastFour(destination.account_number)}) में`
          } भेज दिए हैं। बैंक का रेफ़रेंस (UTR): ${utr}। पैसा आमतौर पर कुछ मिनटों में खाते में दिखता है; 24 घंटे में न दिखे तो इस UTR के साथ हमारी सपोर्ट चैट पर लिखें।${
            isTaxed
              ? ` ${tds} TDS (धारा 194S) काटकर सरकार के पास जमा किया जाएगा; हर तिमाही का प्रमाणपत्र प्रोफ़ाइल → टैक्स में मिलेगा।`
              : ""
          }`,
        }
      : {
          subject: `The rupees for your sale #${shortId} were paid`,
          text: `We have paid ${rupees} for your ${usdt} to ${
            destination.kind === "upi"
              ? `your UPI ID ${destination.upi_id}`
              : `your bank account ending ${lastFour(destination.account_number)}`
          }. The bank's reference (UTR) is ${utr}. It usually shows in your account within minutes; if it has not in 24 hours, write to our support chat with this UTR.${
            isTaxed
              ? ` ${tds} of tax (TDS, section 194S) was deducted and is deposited with the government; each quarter's certificate is in Profile → Tax.`
              : ""
          }`,
        };
  return customerMail(order, "sell_order.paid", wording, publicUrl);
}

/**
 * The customer's e-mail that an operator cancelled their sale: its rupees will not be
 * paid, and what to do about USDT sent for it. The operator's reason stays the desk's:
 * it may name what a customer must not be told (a suspicion report), so the e-mail
 * says only what follows for the customer, by what the sale was when cancelled.
 */
export function saleCancelledMail(
  order: Pick<SaleRow, "id" | "user_email" | "deposit_usdt" | "received_usdt">,
  wasReceived: boolean,
  { language, publicUrl }: { language: Language; publicUrl: string },
): OutboxMessage {
  const shortId = order.id.slice(0, 8);
  const usdt = usdtOf(order);
  const wording: Wording =
    language === "hi"
      ? {
          subject: `आपकी बिक्री #${shortId} रद्द कर दी गई`,
          text: wasReceived
            ? `हमने ${usdt} की आपकी बिक्री रद्द कर दी है; इसके रुपये नहीं भेजे जाएँगे। आपके भेजे USDT हमें मिल गए थे: उन्हें लौटाने के लिए हमारी टीम आपसे संपर्क करेगी। कोई सवाल हो तो इस बिक्री के नंबर के साथ हमारी सपोर्ट चैट पर लिखें।`
            : `हमने ${usdt} की आपकी बिक्री रद्द कर दी है; इसके लिए अब USDT न भेजें। अगर आप भेज चुके हैं, तो ट्रांज़ैक्शन हैश के साथ हमारी सपोर्ट चैट पर लिखें।`,
        }
      : {
          subject: `Your sale #${shortId} was cancelled`,
          text: wasReceived
            ? `We have cancelled your sale of ${usdt}; its rupees will not be paid. We received the USDT you sent: our team will contact you to return it. If you have any question, write to our support chat with this sale's number.`
            : `We have cancelled your sale of ${usdt}; do not send USDT for it now. If you already sent it, write to our support chat with the transaction hash.`,
        };
  return customerMail(order, "sell_order.cancelled", wording, publicUrl);
}

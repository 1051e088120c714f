import {
  currencyShortName,
  explorerTxUrl,
  findNetwork,
  findReceiveOption,
  findSendOption,
  type NetworkId,
} from "../../../../shared/catalog";
import { groupIndian } from "../../../../shared/indian-grouping";
import type { Language } from "../../../../shared/languages";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../../platform/notifications/operator-messages";
import type { OutboxMessage } from "../../../platform/notifications/outbox";
import {
  accountLine,
  OFFERED_ACCOUNT,
  type ReceivingAccountSummary,
} from "../../receiving-accounts/receiving-account-summary";
import { ORDER_HOLD_LINE } from "../rules/hold-rules";
import type { OrderRow } from "./order-view";

export type OrderNotice = "placed" | "completed" | "cancelled";

function summarize(order: OrderRow) {
  const send = findSendOption(order.send_currency);
  const receive = findReceiveOption(order.receive_currency);
  const network = order.network ? findNetwork(order.network)?.name : undefined;
  const receiveUnit = currencyShortName(receive?.name ?? order.receive_currency);
  return {
    shortId: order.id.slice(0, 8),
    sent: `₹${groupIndian(order.send_amount)} by ${send?.name ?? order.send_currency}`,
    received: `${groupIndian(order.receive_amount)} ${receiveUnit}${network ? ` (${network})` : ""}`,
  };
}

/**
 * The messages one order event sends: operators hear of new orders, customers of
 * every step, but only at an address they have verified: anyone may sign up with
 * someone else's address, and orders must not turn the desk into their mailer.
 */
export function orderMessages(
  notice: OrderNotice,
  order: OrderRow,
  targets: NotificationTargets,
  customer: { isEmailVerified: boolean; language: Language },
  /** Where the customer was told to pay; none on orders an admin places. */
  account?: ReceivingAccountSummary | typeof OFFERED_ACCOUNT,
): OutboxMessage[] {
  const { shortId, sent, received } = summarize(order);
  const customerLink = `${targets.publicUrl}/order/${order.id}`;
  const messages: OutboxMessage[] = [];

  if (notice === "placed") {
    // Opens the order's details on the work queue: verify, pay out, complete from there.
    const adminLink = `${targets.publicUrl}/admin/orders?order=${order.id}`;
    // A customer's order may be held by its query, which then says so first.
    const holdLine = account === OFFERED_ACCOUNT ? ORDER_HOLD_LINE : "";
    const summary = [
      `${holdLine}New order #${shortId}`,
      `Customer: ${order.user_email}`,
      `Paid: ${sent}`,
      `Deliver: ${received}`,
      `Reference: ${order.payment_reference ?? "none (placed by an admin)"}`,
      `Payer: ${order.payer_name ?? "not given (placed by an admin)"}`,
      `Paid into: ${accountLine(account) || "not recorded (placed by an admin)"}`,
      `Wallet: ${order.wallet_address}`,
      `Open: ${adminLink}`,
    ].join("\n");
    messages.push(
      ...operatorMessages(targets, {
        topic: "order.placed",
        subject: `New order #${shortId}: ${sent}`,
        text: summary,
        link: adminLink,
      }),
    );
  }

  const customerLinks: Record<OrderNotice, string> = {
    placed: customerLink,
    completed:
      order.payout_tx_hash && order.network
        ? explorerTxUrl(order.network as NetworkId, order.payout_tx_hash)
        : customerLink,
    cancelled: customerLink,
  };
  if (!customer.isEmailVerified) return messages;
  const { subject, text } = customerMessage(notice, order, customer.language);
  const link = customerLinks[notice];
  messages.push({
    channel: "email",
    topic: `order.${notice}`,
    payload: { to: order.user_email, subject, text: `${text}\n\n${link}\n\n— RupeeDesk`, link },
  });
  return messages;
}

/** What a customer reads about their order, in the language they last read the site in. */
function customerMessage(
  notice: OrderNotice,
  order: OrderRow,
  language: Language,
): { subject: string; text: string } {
  const { shortId, sent, received } = summarize(order);
  if (language === "hi") {
    const method = findSendOption(order.send_currency)?.name ?? order.send_currency;
    const network = order.network ? findNetwork(order.network)?.name : undefined;
    const unit = currencyShortName(findReceiveOption(order.receive_currency)?.name ?? "");
    const receivedHi = `${groupIndian(order.receive_amount)} ${unit || order.receive_currency}${network ? ` (${network})` : ""}`;
    return {
      placed: {
        subject: `आपका ऑर्डर #${shortId} हमें मिल गया है`,
        text: `धन्यवाद। हम ${method} से आए आपके ₹${groupIndian(order.send_amount)} के पेमेंट की जाँच कर रहे हैं; आपको ${receivedHi} मिलेंगे। डिलीवरी में आमतौर पर 5–10 मिनट लगते हैं।`,
      },
      completed: {
        subject: `आपका ऑर्डर #${shortId} पूरा हो गया`,
        text: `हमने ${receivedHi} ${order.wallet_address} पर भेज दिए हैं।`,
      },
      cancelled: {
        subject: `आपका ऑर्डर #${shortId} रद्द कर दिया गया`,
        text: "अगर आपने इस ऑर्डर का पेमेंट किया था, तो अपनी ट्रांज़ैक्शन ID के साथ हमारी सपोर्ट चैट पर लिखें, हम आपकी मदद करेंगे।",
      },
    }[notice];
  }
  return {
    placed: {
      subject: `We received your order #${shortId}`,
      text: `Thank you. We are verifying your payment of ${sent}; you will receive ${received}. Delivery usually takes 5–10 minutes.`,
    },
    completed: {
      subject: `Your order #${shortId} is complete`,
      text: `We have sent ${received} to ${order.wallet_address}.`,
    },
    cancelled: {
      subject: `Your order #${shortId} was cancelled`,
      text: "If you paid for this order, reply through our support chat with your transaction ID and we will help you.",
    },
  }[notice];
}

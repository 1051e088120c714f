import type { PaymentOfferInput } from "../../../../shared/order-input";
import { quoteReceiveAmount } from "../../../../shared/quote";
import type { AppContext } from "../../../platform/api/app-context";
import type { SessionUser } from "../../../platform/api/session";
import { getSiteSettings } from "../../../platform/settings-store/site-settings";
import { checkOrderLimits } from "../../limits/order-limits";
import { countOfferRequest } from "../../receiving-accounts/offer-holds";
import {
  offerReceivingAccount,
  type ReceivingOffer,
} from "../../receiving-accounts/offer-receiving-account";
import { checkNetworkRoom, reserveNetworkUsdt } from "../../treasury/reserve-network-usdt";
import { checkAmountLimits } from "../rules/amount";
import { checkMaintenance } from "../rules/maintenance";

/** What a customer is shown of an account: where to pay, nothing of the desk's own labels. */
function toPaymentAccountView({ account }: ReceivingOffer) {
  return {
    kind: account.kind,
    upiId: account.upi_id,
    payeeName: account.payee_name,
    bankName: account.bank_name,
    accountHolderName: account.bank_account_holder_name,
    accountNumber: account.bank_account_number,
    ifscCode: account.bank_ifsc_code,
  };
}

/**
 * Where the customer pays, before they place the order: an account with room for the
 * amount, and the network's USDT reserved for it. Everything an order would be refused
 * for that can be known before paying is refused here already.
 */
export async function offerPaymentAccount(
  context: AppContext,
  customer: SessionUser,
  input: PaymentOfferInput,
  address: string | undefined,
) {
  const { db } = context;
  const settings = await getSiteSettings(db);
  checkMaintenance(customer, settings);
  checkAmountLimits(input.amount, settings);
  await checkOrderLimits(db, customer.id, input.amount);
  await countOfferRequest(db, { customerId: customer.id, address }, settings);
  const networkClaim = input.network
    ? {
        network: input.network,
        usdt: quoteReceiveAmount({
          amount: input.amount,
          rate: settings.exchange_rate,
          sendCurrency: input.sendCurrency,
          receiveCurrency: "usdt",
        }),
      }
    : null;
  if (networkClaim) await checkNetworkRoom(db, { ...networkClaim, customerId: customer.id });
  const offer = await offerReceivingAccount(
    db,
    { customer, ...input },
    { settings, notify: context.notificationTargets },
  );
  // The order this offer is paid for passes the treasury's rule on this network.
  await reserveNetworkUsdt(db, offer, networkClaim);
  return {
    offerId: offer.offerId,
    expiresAt: offer.expiresAt.toISOString(),
    account: toPaymentAccountView(offer),
  };
}

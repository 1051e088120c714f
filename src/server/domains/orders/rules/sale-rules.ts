import { blocklistRule } from "./blocklist";
import { buyRateRule } from "./buy-rate";
import { freeAmountRule } from "./free-amount";
import { customerHold } from "./hold-customer";
import { firstSaleHold } from "./hold-first-sale";
import { newDestinationHold } from "./hold-new-destination";
import { otherNameHold } from "./hold-other-name";
import { maintenanceRule } from "./maintenance";
import { networkBoughtRule } from "./network-bought";
import type { OrderRefusalRule, SettingName } from "./order-rule";
import { destinationNameRule, ownDestinationRule } from "./own-destination";
import type { SaleDraft } from "./sale-draft";
import { saleDayLimitRule, saleOrderLimitRule } from "./sale-limits";
import { saleVerificationRule } from "./sale-verification";
import { smallestSaleRule } from "./smallest-sale";

/*
 * The rules of a customer's sale (decision 050): the buy side's modules where the rule
 * is the same (maintenance, the blocklist, the customer's hold), the sale's own beside
 * them. The sale's statement (orders/sell/sale-statement.ts) is built from these lists.
 */

/** In the order a customer should hear them: a sale refused by several is told of the first. */
export const SALE_REFUSAL_RULES: readonly OrderRefusalRule<SettingName, SaleDraft>[] = [
  saleVerificationRule,
  ownDestinationRule,
  destinationNameRule,
  freeAmountRule,
  maintenanceRule,
  buyRateRule,
  networkBoughtRule,
  smallestSaleRule,
  blocklistRule,
  saleOrderLimitRule,
  saleDayLimitRule,
];

export const SALE_HOLD_RULES = [customerHold, firstSaleHold, newDestinationHold, otherNameHold];

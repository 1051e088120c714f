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
import { sellerPanRule } from "./seller-pan";
import { smallestSaleRule } from "./smallest-sale";

/*
 * The rules of a customer's sale (decision 050): the buy side's modules where the rule
 * is the same (maintenance, the blocklist, the customer's hold), the sale's own beside
 * them. The sale's query (orders/sell/sale-placement-sql.ts) is built from these lists.
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
  sellerPanRule,
];

/** The rules that hold a sale at its placement, in the order the operators' alert names them. */
export const SALE_HOLD_RULES = [
  customerHold,
  firstSaleHold,
  newDestinationHold,
  otherNameHold,
] as const;

/** The rule that holds a received sale whose deposit came from a wallet another customer used. */
export const SHARED_WALLET_SALE_HOLD = "shared_wallet";

/**
 * The names a sale's hold keeps (the placement's rules, and the deposit's): the admin
 * API answers them as an enum, and the sale dialog's label for each is required by the
 * type check (`src/web/i18n/en/admin-sales.json`, `holdRules`).
 */
export type SaleHoldRule =
  | (typeof SALE_HOLD_RULES)[number]["rule"]
  | typeof SHARED_WALLET_SALE_HOLD;

export const SALE_HOLD_RULE_NAMES: [SaleHoldRule, ...SaleHoldRule[]] = [
  SHARED_WALLET_SALE_HOLD,
  ...SALE_HOLD_RULES.map(({ rule }) => rule),
];

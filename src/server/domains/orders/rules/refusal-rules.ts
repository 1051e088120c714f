import { deliverableAmountRule, maximumAmountRule, minimumAmountRule } from "./amount";
import { blocklistRule } from "./blocklist";
import { deskWalletRule } from "./desk-wallet";
import { maintenanceRule } from "./maintenance";
import { networkPauseRule } from "./network-pause";
import type { RefusalRule } from "./order-rule";
import { rateRule } from "./rate";

/**
 * The rules that refuse an order before it is written, in the order a customer
 * should hear them: an order refused by several is told of the first. The order
 * limits (limits.ts) and the checks that keep one order per payment, key and offer
 * are the query's own steps, judged after these.
 */
export const REFUSAL_RULES: readonly RefusalRule[] = [
  maintenanceRule,
  rateRule,
  minimumAmountRule,
  maximumAmountRule,
  deliverableAmountRule,
  deskWalletRule,
  blocklistRule,
  networkPauseRule,
];

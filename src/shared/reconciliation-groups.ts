/** The groups of reconciliation (docs/decisions/023), in the order the page shows them. */
export const RECONCILIATION_GROUPS = [
  "matched",
  "mismatch",
  "thirdParty",
  "payerUnknown",
  "otherAccount",
  "unclaimed",
  "notReceived",
] as const;
export type ReconciliationGroup = (typeof RECONCILIATION_GROUPS)[number];

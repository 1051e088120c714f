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

/**
 * The groups of a statement's debits (issue 44), in the order the page shows them:
 * matched to a paid sell order by UTR, amount and account; a paid sale's UTR with
 * another amount or account; no sale's UTR; and paid sales whose debit is missing from
 * statements that cover their day.
 */
export const DEBIT_GROUPS = ["matched", "mismatch", "unmatched", "missing"] as const;
export type DebitGroup = (typeof DEBIT_GROUPS)[number];

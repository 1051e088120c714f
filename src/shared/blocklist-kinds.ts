/** What the blocklist holds (issue 25): the server's checks and the Risk page share the list. */
export const BLOCKLIST_KINDS = [
  "payer_name",
  "upi_id",
  "bank_account",
  "phone",
  "email_domain",
  "wallet",
] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];

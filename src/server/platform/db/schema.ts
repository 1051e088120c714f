import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The better-auth user table, with the admin plugin's and our own columns. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: Timestamp | null;
  twoFactorEnabled: boolean | null;
  whatsappNumber: string | null;
  /** The language the customer last read the site in (shared/languages.ts); null until chosen. */
  language: string | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

type Numeric = ColumnType<string, string, string>;

export interface SiteSettingsTable {
  id: number;
  exchange_rate: Numeric;
  min_inr_amount: Numeric;
  max_inr_amount: Numeric;
  payment_upi_id: string;
  payee_name: string;
  bank_name: string;
  bank_account_holder_name: string;
  bank_account_number: string;
  bank_ifsc_code: string;
  maintenance_mode: boolean;
  support_whatsapp_url: string | null;
  support_telegram_url: string | null;
  support_email: string | null;
  offer_hold_new_customer_inr: ColumnType<string, string | undefined, string>;
  offer_hold_cap_percent: Generated<number>;
  offer_alert_multiple: Generated<number>;
  offers_per_customer_per_hour: Generated<number>;
  offers_per_address_per_hour: Generated<number>;
  /** Years a closed customer's data is kept after their last activity (migration 0096). */
  retention_years: Generated<number>;
  limit_order_inr: ColumnType<string, string | undefined, string>;
  limit_day_inr: ColumnType<string, string | undefined, string>;
  limit_month_inr: ColumnType<string, string | undefined, string>;
  verified_limit_order_inr: ColumnType<string, string | undefined, string>;
  verified_limit_day_inr: ColumnType<string, string | undefined, string>;
  verified_limit_month_inr: ColumnType<string, string | undefined, string>;
  new_customer_days: Generated<number>;
  new_customer_order_inr: ColumnType<string, string | undefined, string>;
  new_customer_day_inr: ColumnType<string, string | undefined, string>;
  verify_above_year_inr: ColumnType<string, string | undefined, string>;
  /** The automatic hold rules (migration 0090), each on or off. */
  hold_first_order: Generated<boolean>;
  hold_first_order_above_inr: ColumnType<string, string | undefined, string>;
  hold_new_payer_name: Generated<boolean>;
  hold_shared_wallet: Generated<boolean>;
  hold_order_rate: Generated<boolean>;
  hold_orders_per_hour: Generated<number>;
  /** Buying USDT from customers (migration 0112): none of buy_networks, buying is off. */
  buy_rate: ColumnType<string, string | undefined, string>;
  buy_networks: ColumnType<string[], string[] | undefined, string[]>;
  sell_min_usdt: ColumnType<string, string | undefined, string>;
  sell_limit_order_inr: ColumnType<string, string | undefined, string>;
  sell_limit_day_inr: ColumnType<string, string | undefined, string>;
  verified_sell_limit_order_inr: ColumnType<string, string | undefined, string>;
  verified_sell_limit_day_inr: ColumnType<string, string | undefined, string>;
  /** A payout destination in another name: held for an operator when on, refused when off. */
  sell_hold_other_names: Generated<boolean>;
  /** The sell side's hold rules (migration 0115), each on or off. */
  sell_hold_first_sale: Generated<boolean>;
  sell_hold_first_sale_above_inr: ColumnType<string, string | undefined, string>;
  sell_hold_new_destination: Generated<boolean>;
  sell_hold_shared_wallet: Generated<boolean>;
  /** Hours a sale's deposit amount is held after its window, for a late deposit (migration 0124, decision 052). */
  sell_amount_quarantine_hours: Generated<number>;
  /** Settings → Tax (migration 0140, decision 060): TDS under section 194S when the desk buys. */
  tds_deducts: Generated<boolean>;
  tds_deductor_kind: Generated<"tan_holder" | "specified_person">;
  tds_deductor_tan: string | null;
  tds_deductor_pan: string | null;
  tds_rate_percent: ColumnType<string, string | undefined, string>;
  tds_no_pan_rate_percent: ColumnType<string, string | undefined, string>;
  tds_threshold_inr: ColumnType<string, string | undefined, string>;
  tds_specified_person_threshold_inr: ColumnType<string, string | undefined, string>;
  tds_buys_without_pan: Generated<boolean>;
  updated_at: Timestamp;
}

export type SaleStatus = "awaiting_deposit" | "received" | "paid" | "expired" | "cancelled";

/** A customer's sale of USDT for rupees (migration 0115, decision 050). */
export interface SalesTable {
  id: Generated<string>;
  user_id: string;
  user_email: string;
  network: string;
  /** The USDT the customer asked to sell. */
  requested_usdt: Numeric;
  /** What they are asked to send: the request plus the cents that make it unique (decision 049). */
  deposit_usdt: Numeric;
  buy_rate: Numeric;
  /** The rupees paid for deposit_usdt at buy_rate, rounded down to the paisa. */
  inr_amount: Numeric;
  /** The network's payout wallet when the order was placed. */
  deposit_address: string;
  destination_id: string;
  status: ColumnType<SaleStatus, SaleStatus | undefined, SaleStatus>;
  expires_at: Date;
  deposit_tx_hash: string | null;
  received_at: Date | null;
  /**
   * The USDT its deposit moved (migration 0116): deposit_usdt when the watcher matched
   * it, the transfer's own amount when an operator credited another; null until received.
   */
  received_usdt: ColumnType<string | null, string | null | undefined, string | null>;
  paid_utr: string | null;
  /** The desk account (a receiving account) the rupees left from. */
  paid_from_account_id: string | null;
  paid_by: string | null;
  paid_at: Date | null;
  idempotency_key: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** TDS under s. 194S decided at placement (migration 0141); null when none is deducted. */
  tds_rate_percent: ColumnType<string | null, string | null | undefined, string | null>;
  /** The seller's verified PAN when the sale was placed. */
  seller_pan: ColumnType<string | null, string | null | undefined, string | null>;
  /** inr_amount × the rate, rounded to the rupee: computed by the database. */
  tds_inr: ColumnType<string, never, never>;
  /** What reaches the seller's account: inr_amount less tds_inr, computed by the database. */
  payout_inr: ColumnType<string, never, never>;
}

/** A seller's consideration by financial year, of sales not expired or cancelled (migration 0141). */
export interface SaleYearTotalsTable {
  user_id: string;
  financial_year: number;
  inr: Numeric;
}

/** A deposit of TDS (migration 0142): its challan and the sales whose tax it paid. */
export interface TdsChallansTable {
  id: Generated<string>;
  bsr_code: string;
  /** A `date`: read it as text (`::text`). */
  deposited_on: ColumnType<string, string, string>;
  serial_number: string;
  tax_inr: Numeric;
  interest_inr: ColumnType<string, string | undefined, string>;
  fee_inr: ColumnType<string, string | undefined, string>;
  recorded_by: string;
  created_at: Generated<Date>;
}

export interface TdsChallanSalesTable {
  sell_order_id: string;
  challan_id: string;
}

export interface SaleEventsTable {
  id: Generated<string>;
  sell_order_id: string;
  actor_id: string | null;
  actor_role: "customer" | "admin" | "system";
  from_status: SaleStatus | null;
  to_status: SaleStatus;
  note: string | null;
  created_at: Generated<Date>;
}

/** A sell order held for an operator's look, until released (migration 0115). */
export interface SaleHoldsTable {
  sell_order_id: string;
  /** The names of the sell hold rules (domains/orders/sell/sell-hold-rules.ts). */
  rules: string[];
  customer_hold_id: string | null;
  created_at: Generated<Date>;
  released_by: string | null;
  released_at: Date | null;
}

/** Where a customer who sells USDT is paid rupees (migration 0113). */
export interface PayoutDestinationsTable {
  id: Generated<string>;
  user_id: string;
  kind: "upi" | "bank";
  holder_name: string;
  upi_id: string | null;
  account_number: string | null;
  ifsc_code: string | null;
  /** The holder's name is the customer's (verified PAN name, or the name they gave). */
  holder_is_customer: boolean;
  /** Its account's and holder's blocklist keys (saleBlocklistKeys), kept when it was added. */
  blocklist_keys: string[];
  created_at: Generated<Date>;
  removed_at: Date | null;
}

/** A customer's sales not expired or cancelled, by the hour placed, for 25 hours (migration 0122). */
export interface SaleTotalsTable {
  user_id: string;
  /** `{hours since the epoch: rupees}`, kept by a trigger on sell_orders. */
  inr_by_hour: Record<string, string>;
}

export type OrderStatus = "pending" | "processing" | "completed" | "cancelled";

export interface OrdersTable {
  id: Generated<string>;
  user_id: string;
  user_email: string;
  send_currency: string;
  send_amount: Numeric;
  receive_currency: string;
  receive_amount: Numeric;
  exchange_rate: Numeric;
  network: string | null;
  wallet_address: string;
  /** Null only on an order an admin placed without a reference. */
  payment_reference: string | null;
  /** The name on the account the customer paid from; null on older and admin-placed orders. */
  payer_name: string | null;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  payout_tx_hash: string | null;
  idempotency_key: string | null;
  /** The account the customer paid into; null on orders from before migration 0020. */
  receiving_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The payment-step offer this order was placed under (migration 0021); one order per offer. */
  receiving_offer_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type ReceivingAccountKind = "upi" | "bank";

/** An account customers pay into (migration 0020). */
export interface ReceivingAccountsTable {
  id: Generated<string>;
  kind: ReceivingAccountKind;
  label: string;
  upi_id: string | null;
  payee_name: Generated<string>;
  bank_name: string | null;
  bank_account_holder_name: string | null;
  bank_account_number: string | null;
  bank_ifsc_code: string | null;
  /** INR a day; null means no cap. */
  daily_cap_inr: Numeric | null;
  position: Generated<number>;
  paused: Generated<boolean>;
  last_offered_at: Date | null;
  /** Send methods (catalog `method`) this account is offered for (migration 0021). */
  send_methods: string[];
  /** INR one order may bring; null means only the daily cap limits it. */
  per_order_max_inr: Numeric | null;
  /** Set when retired: never offered again, kept for its orders. */
  retired_at: Date | null;
  /** Set while the bank holds it frozen: never offered, its orders held (migration 0101). */
  frozen_at: Date | null;
  frozen_note: string | null;
  /** 'upi' or 'bank' on the account the Settings page's payment details edit. */
  settings_field: ReceivingAccountKind | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The account shown to one customer at the payment step, held until it expires or becomes an order. */
export interface ReceivingAccountOffersTable {
  id: Generated<string>;
  user_id: string;
  receiving_account_id: string;
  send_currency: string;
  send_amount: Numeric;
  created_at: Generated<Date>;
  expires_at: Date;
  order_id: string | null;
  /** Rupees the offer reserves under the account's cap (migration 0060): at most send_amount. */
  held_inr: ColumnType<string, string | undefined, string>;
  /** The USDT network the offer was shown for, once the treasury had room on it (migration 0080). */
  network: Generated<string | null>;
  /** The USDT it reserves on that network while open (migration 0099); null with no network. */
  usdt_amount: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One USDT network's payout wallet, balances, settings and what is owed on it (migration 0080). */
export interface TreasuryNetworksTable {
  network: string;
  wallet_address: string | null;
  /** The fee coin one payout costs, as the operator estimates it. */
  fee_per_payout: Numeric | null;
  /** Owed above this share of on hand tells the operators (0.8 = 80 %). */
  alert_owed_share: Numeric | null;
  pause_when_short: Generated<boolean>;
  /** The last good reads; a later refused read leaves them and sets balance_error. */
  usdt_balance: Numeric | null;
  fee_balance: Numeric | null;
  balance_read_at: Date | null;
  balance_error: string | null;
  balance_error_at: Date | null;
  next_read_at: Date | null;
  /** USDT of the orders pending or processing on the network, as folded. */
  owed_usdt: Generated<string>;
  owed_orders: ColumnType<string, never, never>;
  owed_alert_sent: Generated<boolean>;
  fee_alert_sent: Generated<boolean>;
  updated_at: Generated<Date>;
}

export interface ReceivingAccountCapAlertsTable {
  receiving_account_id: string;
  day: ColumnType<string, string, string>;
}

/** Rupees an account took on an India day, orders not cancelled (migration 0023). */
export interface ReceivingAccountDayTotalsTable {
  receiving_account_id: string;
  day: ColumnType<string, string, string>;
  inr: Numeric;
}

/** The column mapping of a receiving account's statements (migration 0040). */
export interface StatementColumnMappingsTable {
  receiving_account_id: string;
  mapping: ColumnType<Record<string, string>, string, string>;
  updated_at: Generated<Date>;
}

/** One bank statement file imported for a receiving account (migration 0040). */
export interface StatementImportsTable {
  id: Generated<string>;
  receiving_account_id: string;
  file_name: string;
  first_value_date: ColumnType<string, string, string>;
  last_value_date: ColumnType<string, string, string>;
  credits_read: number;
  credits_added: number;
  debits_read: number;
  /** Debits new to the account (migration 0118); the rest were imported before. */
  debits_added: Generated<number>;
  imported_by: string | null;
  imported_at: Generated<Date>;
}

export type StatementLineDecision = "verified" | "accepted" | "dismissed";

/** A credit of an imported statement, one per account and bank reference (migration 0040). */
export interface StatementLinesTable {
  id: Generated<string>;
  receiving_account_id: string;
  import_id: string;
  line_number: number;
  value_date: ColumnType<string, string, string>;
  amount: Numeric;
  narration: string;
  /** The reference when there is one, else a fingerprint of the line. */
  line_key: string;
  reference: string | null;
  payer_name: string | null;
  decision: StatementLineDecision | null;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  order_id: string | null;
}

export type StatementDebitDecision = "not_a_sale" | "accepted";

/**
 * A debit of an imported statement, one per account and bank reference (migration
 * 0118): matched, when read, to the paid sell order with its UTR, amount and account.
 */
export interface StatementDebitsTable {
  id: Generated<string>;
  receiving_account_id: string;
  import_id: string;
  line_number: number;
  value_date: ColumnType<string, string, string>;
  amount: Numeric;
  narration: string;
  /** The reference when there is one, else a fingerprint of the line. */
  line_key: string;
  reference: string | null;
  /** Whom it was paid to, as the bank printed it. */
  payee_name: string | null;
  decision: StatementDebitDecision | null;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: Date | null;
}

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  actor_id: string | null;
  actor_role: "customer" | "admin" | "system";
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
  /** The on-chain check's step or outcome this event records (migration 0030). */
  payout_check: ColumnType<string | null, string | null | undefined, string | null>;
  /** Shown to the desk only, not on the customer's timeline. */
  staff_only: Generated<boolean>;
  created_at: Generated<Date>;
}

export type PayoutCheckState =
  | "checking"
  | "awaiting_confirmations"
  | "failed"
  | "confirmed"
  | "overridden";

/** A payout hash checked on chain before its order closes (migration 0030); also the job's queue. */
export interface PayoutChecksTable {
  order_id: string;
  payout_tx_hash: string;
  state: PayoutCheckState;
  failure_code: string | null;
  failure_message: string | null;
  /**
   * The log index, as the payout watcher numbers a transaction's transfers, of the transfer
   * that paid this order (confirmed), or that a failed check found to its wallet and an
   * override closes it on; null while unknown (migration 0125).
   */
  transfer_index: number | null;
  /** What the confirmed payout cost in the network's fee coin (migration 0086); null when unknown. */
  fee_paid: ColumnType<string | null, string | null | undefined, string | null>;
  /** That coin: TRX, BNB, ETH, POL or SOL. */
  fee_coin: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admin's note for the customer, written on the completion event. */
  note: string | null;
  requested_by: string | null;
  tries: Generated<number>;
  next_attempt_at: Generated<Date>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** int8: node-postgres reads it as a decimal string, PGlite as a number (block numbers fit). */
type Int8 = ColumnType<string | number, string | bigint, string | bigint>;

/** Where the payout watcher is in one wallet's history (migration 0105). */
export interface ChainWatchCursorsTable {
  network: string;
  wallet_address: string;
  /** The first block not yet read to finality; null until the first pass. */
  next_block: Int8 | null;
  advanced_at: Timestamp | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  /** The chain's head as the last good pass saw it (migration 0109). */
  head_block: Int8 | null;
  /**
   * TRON through TronGrid's index: the block time (ms) from which the wallet's
   * transfers are listed next (migration 0114); null on the block path.
   */
  index_from_ms: Int8 | null;
  /** The operators were told the watcher stalled, and not yet that it recovered. */
  stall_alert_sent: Generated<boolean>;
  /** The scanning process's claim on the wallet, until `leased_until`. */
  lease_id: string | null;
  leased_until: Timestamp | null;
  created_at: Generated<Date>;
}

/** Solana: per token account of a watched wallet, the newest signature read to finality (migration 0107). */
export interface ChainWatchSignaturesTable {
  network: string;
  wallet_address: string;
  token_account: string;
  last_signature: string;
  last_slot: Int8;
  updated_at: Generated<Date>;
}

export type ChainTransferState = "seen" | "final" | "removed" | "failed";
/**
 * "dismissed": an outgoing transfer that is not a payout; "to_refund": a deposit to send
 * back; "ignored": an incoming transfer that failed on chain, so nothing to match (0121).
 */
export type ChainTransferMatch =
  | "waiting"
  | "matched"
  | "unmatched"
  | "dismissed"
  | "to_refund"
  | "ignored";

export type ChainTransferLinkKind = "payout" | "deposit" | "purchase" | "dismissal" | "refund";

/**
 * What one chain transfer is linked to (migration 0125, decision 053): exactly the column
 * of its kind is set; the key refuses a second link.
 */
export interface ChainTransferLinksTable {
  network: string;
  tx_hash: string;
  log_index: number;
  kind: ChainTransferLinkKind;
  order_id: string | null;
  sell_order_id: string | null;
  purchase_id: string | null;
  /** The dismissed, or refunded, recorded transfer. */
  chain_transfer_id: string | null;
  /** The operator who linked it; null for the watcher, a payout check, or the migration. */
  linked_by: ColumnType<string | null, string | null | undefined, never>;
  linked_at: Generated<Date>;
}

/** A second link to a transfer found in the rows written before links were kept (migration 0125). */
export interface ChainTransferDoubleLinksTable {
  id: Generated<string>;
  network: string;
  tx_hash: string;
  log_index: number;
  kind: ChainTransferLinkKind;
  order_id: string | null;
  sell_order_id: string | null;
  purchase_id: string | null;
  chain_transfer_id: string | null;
  found_at: Generated<Date>;
}

/** An outgoing transfer to an order another transfer pays or paid (migration 0129). */
export interface SecondPayoutsTable {
  network: string;
  tx_hash: string;
  log_index: number;
  order_id: string;
  amount: Numeric;
  noticed_at: Generated<Date>;
}

/** A payout the signer signed for an order, kept before it is broadcast (migration 0130). */
export interface AutopilotSendsTable {
  order_id: string;
  network: string;
  from_address: string;
  /** The sender's nonce (EVM); one nonce pays one order. Null on TRON, which has none. */
  nonce: ColumnType<string | null, string | number | bigint | null, never>;
  to_address: string;
  amount: Numeric;
  /**
   * When the transaction can no longer be taken into a block (TRON; migration 0139):
   * past it at the solidified head, the order's payout may be signed again.
   */
  expires_at: Date | null;
  /** The last block height its blockhash lets a block take it at (Solana; migration 0139). */
  valid_until_block: ColumnType<
    string | null,
    string | number | bigint | null,
    string | number | bigint | null
  >;
  /**
   * When the signer found its transaction past its last moment in no final block (TRON,
   * Solana): the order waits to be signed again. Null while it can still land.
   */
  lapsed_at: Date | null;
  /** The signed transaction, as broadcast (EVM: 0x-hex of its bytes; TRON: its protobuf's hex). */
  signed_tx: string;
  tx_hash: string;
  signed_at: Generated<Date>;
  /** When a node first took it; null until then. */
  broadcast_at: Date | null;
  /** What it cost, in the chain's coin, from its receipt; null until mined (migration 0137). */
  fee_paid: Numeric | null;
  /** Whether the mined transaction reverted: its USDT never moved; null until mined. */
  reverted: boolean | null;
  /** Whether the operators were told it reverted. */
  revert_alert_sent: Generated<boolean>;
}

/** A payout's transaction replaced on its nonce with higher fees (migration 0138). */
export interface AutopilotReplacedSendsTable {
  tx_hash: string;
  order_id: string;
  signed_tx: string;
  replaced_at: Generated<Date>;
}

/** Autopilot's limits on one network (migration 0131). */
export interface AutopilotNetworksTable {
  network: string;
  enabled: Generated<boolean>;
  max_payout_usdt: ColumnType<string, string | undefined, string>;
  max_day_usdt: ColumnType<string, string | undefined, string>;
  /** When it was last turned on; it pays only orders verified since. */
  enabled_at: Date | null;
  updated_at: Generated<Date>;
  /** Above this, one operator approves a payout first (migration 0133). */
  approve_above_usdt: ColumnType<string, string | undefined, string>;
  /** Above this, two distinct operators do. */
  second_approval_above_usdt: ColumnType<string, string | undefined, string>;
  /** Whether a customer's first order waits for one approval, whatever its amount. */
  approve_first_order: Generated<boolean>;
  /** The most one payout's transaction may cost, in the network's coin (migration 0134). */
  max_fee_per_payout: ColumnType<string, string | undefined, string>;
  /** The most USDT the hot wallet should hold; above it, sweep to cold storage (migration 0137). */
  hot_wallet_ceiling_usdt: ColumnType<string, string | undefined, string>;
}

/** One operator's approval of an autopilot payout (migration 0133). */
export interface AutopilotApprovalsTable {
  order_id: string;
  approved_by: string;
  approved_by_email: string;
  approved_at: Generated<Date>;
}

/** The one switch that stops all autopilot sending (migration 0131). */
export interface AutopilotSwitchTable {
  id: Generated<number>;
  stopped: Generated<boolean>;
  changed_at: Generated<Date>;
  /** Why the signer stopped it by itself (migration 0135); null when an operator did, or while it runs. */
  stopped_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether the operators were told the signer stopped it (migration 0136). */
  stop_alert_sent: Generated<boolean>;
}

/** The signer's process on one network: its sender and its last pass (migration 0132). */
export interface AutopilotSignersTable {
  network: string;
  sender_address: string;
  passed_at: Generated<Date>;
  /** Why the last pass failed on this network; null once one passes. */
  last_error: string | null;
  /** Payouts in a row the hot wallet could not afford (migration 0135); 0 after a send. */
  shortfalls: Generated<number>;
  /** Whether the operators were told it is silent, and that its pass fails (migration 0136). */
  silent_alert_sent: Generated<boolean>;
  failing_alert_sent: Generated<boolean>;
  /** The hot wallet's balances as the signer last read them (migration 0137). */
  usdt_balance: Numeric | null;
  coin_balance: Numeric | null;
  balance_read_at: Date | null;
  /** Whether the operators were told to sweep: it holds more than its ceiling. */
  sweep_alert_sent: Generated<boolean>;
}

/** An order the signer would not pay, and why (migration 0132). */
export interface AutopilotRefusalsTable {
  order_id: string;
  network: string;
  reason: string;
  refused_at: Generated<Date>;
  /** More than 0 while the order waits for that many approvals in all (migration 0133). */
  approvals_needed: Generated<number>;
}

/** One USDT transfer out of or into a watched wallet (migration 0105). */
export interface ChainTransfersTable {
  id: Generated<string>;
  network: string;
  tx_hash: string;
  log_index: number;
  direction: "out" | "in";
  from_address: string;
  to_address: string;
  /** Tokens, a decimal string read exactly from the base units. */
  amount: Numeric;
  /** The block, or Solana's slot. */
  block_number: Int8;
  /** When its block was made, as the chain says (migration 0124): a deposit's time against a sale's window. */
  block_time: Date;
  /** Null where the node names no block id: Solana's signatures, TRON's transaction infos. */
  block_hash: string | null;
  state: ChainTransferState;
  /** How deep its block was when last read. */
  confirmations: number;
  /** Passes in a row that read a seen transfer's block again without it (0123). */
  absent_reads: Generated<number>;
  /** Null only on incoming transfers recorded before deposits were matched (0116): top-ups. */
  match_state: ChainTransferMatch | null;
  order_id: string | null;
  /** An incoming transfer's sell order (0116): linked while seen, kept once final and matched. */
  sell_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The operator who decided; null when the watcher did. */
  decided_by: string | null;
  note: string | null;
  seen_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AdminElevationsTable {
  session_id: string;
  user_id: string;
  elevated_at: Generated<Date>;
  last_active_at: Generated<Date>;
}

export interface StepUpTotpCodesTable {
  user_id: string;
  code: string;
  accepted_at: Generated<Date>;
}

export interface StepUpAttemptsTable {
  id: Generated<string>;
  user_id: string;
  started_at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip_address: string | null;
  created_at: Generated<Date>;
}

export interface NotificationOutboxTable {
  id: Generated<string>;
  channel: "telegram" | "email";
  topic: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  sent_at: Date | null;
  failed_at: Date | null;
  created_at: Generated<Date>;
}

export interface OrderTotalsTable {
  day: ColumnType<string, string, string>;
  status: string;
  orders: ColumnType<string, string | number, string | number>;
  inr: Numeric;
  usdt: Numeric;
}

/** One customer's order-limit window (migration 0014). */
/** A blocked payer name, UPI ID, bank account, phone, e-mail domain or wallet (migration 0061). */
export interface BlocklistEntriesTable {
  id: Generated<string>;
  kind: string;
  value: string;
  match_key: string;
  reason: string;
  created_by: string | null;
  created_at: Generated<Date>;
  removed_by: string | null;
  removed_at: Date | null;
}

/** A customer an operator put on hold (migration 0090); one in force at most. */
export interface CustomerHoldsTable {
  id: Generated<string>;
  user_id: string;
  note: string;
  created_by: string | null;
  created_at: Generated<Date>;
  released_by: string | null;
  released_at: Date | null;
}

export interface SuspicionReportsTable {
  id: Generated<string>;
  user_id: string;
  order_ids: Generated<string[]>;
  /** The sell orders concerned (migration 0118). */
  sell_order_ids: Generated<string[]>;
  grounds: string;
  /** Calendar days (YYYY-MM-DD), read with ::text: the drivers would make them Dates. */
  concluded_on: string;
  due_on: string;
  created_by: string | null;
  created_at: Generated<Date>;
  filed_on: string | null;
  fiu_reference: string | null;
  filed_by: string | null;
  filed_at: Date | null;
}

/** Every sign-in, with where it came from (migration 0103). */
export interface SignInsTable {
  id: Generated<string>;
  user_id: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Generated<Date>;
}

/** An order held for an operator's look, with the rules that held it (migration 0090). */
export interface OrderHoldsTable {
  order_id: string;
  /** The names of the hold rules (domains/orders/rules/hold-rules.ts) that held it. */
  rules: string[];
  customer_hold_id: string | null;
  created_at: Generated<Date>;
  released_by: string | null;
  released_at: Date | null;
}

/** The payer-name keys a customer's orders used (migration 0090). */
/** A wallet's first customer, and whether another customer used it since (migration 0090). */
export interface WalletUsersTable {
  wallet_key: string;
  first_user_id: string;
  shared: Generated<boolean>;
}

/** A customer asked to verify, or who submitted (migration 0070); no row: not needed. */
export interface CustomerVerificationsTable {
  user_id: string;
  status: "requested" | "submitted" | "verified" | "rejected";
  requested_at: Date | null;
  requested_by: string | null;
  requested_note: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The submission under review, or decided last (migration 0071). */
  submission_id: string | null;
  /** The PAN name, once verified: the customer's name in payer-name checks. */
  verified_name: string | null;
}

/** One submission of a customer's details and documents (migration 0071). */
export interface VerificationSubmissionsTable {
  id: Generated<string>;
  user_id: string;
  legal_name: string;
  pan: string;
  /** A `date`: read it as text (`::text`), never as a JavaScript Date. */
  date_of_birth: ColumnType<string, string, string>;
  address: string;
  address_document_kind: "aadhaar_masked" | "passport" | "voter_id" | "driving_licence";
  submitted_at: Generated<Date>;
  decision: "verified" | "rejected" | null;
  decided_at: Date | null;
  decided_by: string | null;
  decision_note: string | null;
}

/** One sealed document of a submission (migration 0071). */
export interface VerificationDocumentsTable {
  id: ColumnType<string, string, never>;
  submission_id: string;
  kind: "panCard" | "addressDocument" | "selfie";
  content_type: "image/jpeg" | "image/png" | "application/pdf";
  byte_size: number;
  key_id: string;
  iv: Buffer;
  auth_tag: Buffer;
  ciphertext: Buffer;
  created_at: Generated<Date>;
}

/** USDT the desk bought (migration 0085): the books cost sold coins from these. */
export interface UsdtPurchasesTable {
  id: Generated<string>;
  /** The India day it was bought, YYYY-MM-DD. */
  bought_on: ColumnType<string, string, string>;
  network: string;
  quantity_usdt: Numeric;
  paid_currency: "INR" | "USD";
  paid_amount: Numeric;
  /** Rupees per dollar; set exactly when paid in USD. */
  usd_inr_rate: Numeric | null;
  /** Computed by the database: paid_amount, times the rate when paid in USD. */
  cost_inr: ColumnType<string, never, never>;
  source: string;
  note: string | null;
  /** The incoming transfer (a top-up) it was recorded from, and its hash (migration 0108). */
  chain_transfer_id: string | null;
  tx_hash: string | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Payment offer requests counted per customer or address (migration 0060). */
export interface PaymentOfferWindowsTable {
  key: string;
  window_started_at: Date;
  requests: number;
}

/** Verification submission attempts per customer and per address (migration 0098). */
export interface VerificationAttemptWindowsTable {
  key: string;
  window_started_at: Date;
  attempts: number;
}

/** What a customer's order limits count (migration 0075, docs/decisions/035). */
export interface CustomerOrderTotalsTable {
  user_id: string;
  /** Rupees of the non-cancelled orders of the last 30 days: {hours since the epoch: rupees}. */
  recent: ColumnType<Record<string, string>, string | undefined, string>;
  completed_orders: Generated<number>;
  /** When the orders of the last hour were placed, newest last (migration 0097). */
  recent_order_times: Generated<Date[]>;
  /** The payer-name keys the customer used, the most recent last. */
  payer_name_keys: Generated<string[]>;
  /** Whether the last claimed order's payer name differed from every earlier one. */
  last_payer_name_was_new: Generated<boolean>;
}

/** How many sales each customer placed (migration 0119): the sale placement query's check that none raced it. */
/**
 * A network's deposit amount a sale has held, given to no other sale until `held_until`:
 * the sale's window end plus the quarantine (migration 0124, decision 052).
 */
export interface SaleDepositAmountsTable {
  network: string;
  deposit_usdt: Numeric;
  held_until: Date;
}

export interface SalePlacementCountsTable {
  user_id: string;
  sales_placed: ColumnType<string, string | number, string | number>;
}

export interface OrderRateWindowsTable {
  user_id: string;
  window_started_at: Date;
  orders: number;
}

export interface OrderTotalChangesTable {
  id: Generated<string>;
  day: ColumnType<string, string, string>;
  status: string;
  orders: number;
  inr: Numeric;
  usdt: Numeric;
  /** The order's receiving account (migration 0023; null on rows written before it). */
  receiving_account_id: string | null;
}

/** A customer whose data retention purged (migration 0096). */
export interface PurgedCustomersTable {
  user_id: string;
  last_active_at: Date;
  orders: number;
  purged_at: Generated<Date>;
}

/** The India day a daily job last ran (migration 0096). */
export interface DailyJobsTable {
  name: string;
  last_run_on: ColumnType<string, string, string>;
}

/** A customer whose data retention purged (migration 0096). */
export interface PurgedCustomersTable {
  user_id: string;
  last_active_at: Date;
  orders: number;
  purged_at: Generated<Date>;
}

/** The India day a daily job last ran (migration 0096). */
export interface DailyJobsTable {
  name: string;
  last_run_on: ColumnType<string, string, string>;
}

/** Backups taken (migration 0050). */
export interface BackupsTable {
  id: Generated<string>;
  file_name: string;
  bytes: ColumnType<string, number, number>;
  trigger: "command" | "schedule" | "admin";
  started_at: Timestamp;
  finished_at: Generated<Date>;
}

export interface DB {
  treasury_networks: TreasuryNetworksTable;
  receiving_accounts: ReceivingAccountsTable;
  receiving_account_offers: ReceivingAccountOffersTable;
  receiving_account_cap_alerts: ReceivingAccountCapAlertsTable;
  receiving_account_offer_alerts: ReceivingAccountCapAlertsTable;
  payment_offer_windows: PaymentOfferWindowsTable;
  verification_attempt_windows: VerificationAttemptWindowsTable;
  blocklist_entries: BlocklistEntriesTable;
  customer_verifications: CustomerVerificationsTable;
  verification_submissions: VerificationSubmissionsTable;
  verification_documents: VerificationDocumentsTable;
  customer_holds: CustomerHoldsTable;
  suspicion_reports: SuspicionReportsTable;
  sign_ins: SignInsTable;
  order_holds: OrderHoldsTable;
  sell_orders: SalesTable;
  sell_order_events: SaleEventsTable;
  sell_order_holds: SaleHoldsTable;
  wallet_users: WalletUsersTable;
  receiving_account_day_totals: ReceivingAccountDayTotalsTable;
  statement_column_mappings: StatementColumnMappingsTable;
  statement_imports: StatementImportsTable;
  statement_lines: StatementLinesTable;
  statement_debits: StatementDebitsTable;
  order_totals: OrderTotalsTable;
  order_total_changes: OrderTotalChangesTable;
  order_rate_windows: OrderRateWindowsTable;
  customer_order_totals: CustomerOrderTotalsTable;
  sale_placement_counts: SalePlacementCountsTable;
  sale_deposit_amounts: SaleDepositAmountsTable;
  notification_outbox: NotificationOutboxTable;
  admin_elevations: AdminElevationsTable;
  step_up_totp_codes: StepUpTotpCodesTable;
  step_up_attempts: StepUpAttemptsTable;
  audit_log: AuditLogTable;
  site_settings: SiteSettingsTable;
  payout_destinations: PayoutDestinationsTable;
  sale_totals: SaleTotalsTable;
  sale_year_totals: SaleYearTotalsTable;
  tds_challans: TdsChallansTable;
  tds_challan_sales: TdsChallanSalesTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  payout_checks: PayoutChecksTable;
  chain_watch_cursors: ChainWatchCursorsTable;
  chain_transfers: ChainTransfersTable;
  chain_transfer_links: ChainTransferLinksTable;
  chain_transfer_double_links: ChainTransferDoubleLinksTable;
  second_payouts: SecondPayoutsTable;
  autopilot_sends: AutopilotSendsTable;
  autopilot_replaced_sends: AutopilotReplacedSendsTable;
  autopilot_networks: AutopilotNetworksTable;
  autopilot_switch: AutopilotSwitchTable;
  autopilot_signers: AutopilotSignersTable;
  autopilot_refusals: AutopilotRefusalsTable;
  autopilot_approvals: AutopilotApprovalsTable;
  chain_watch_signatures: ChainWatchSignaturesTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  backups: BackupsTable;
  usdt_purchases: UsdtPurchasesTable;
  purged_customers: PurgedCustomersTable;
  daily_jobs: DailyJobsTable;
}

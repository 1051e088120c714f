import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import { saleBlocklistKeys } from "../../../../shared/blocklist-keys";
import { Decimal } from "../../../../shared/money";
import type { SellOrderInput } from "../../../../shared/sell-order-input";
import type { SessionUser } from "../../../platform/api/session";
import { preparedStatement } from "../../../platform/db/database";
import type { DB, PayoutDestinationsTable, SellOrderStatus } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { idempotencyKeyReused } from "../idempotency";
import { amountBusy } from "../rules/free-amount";
import { sellOrderView } from "./customer-sell-orders";
import { overdueSalesExpired } from "./expire-sales";
import { insertSaleIfAllowed, type SaleCandidate, type SaleOutcome } from "./sale-statement";
import { type SellOrderView, toSellOrderView } from "./sell-order-view";

/** Statements a sale may lose to others (its amount taken, or the customer's other sales) before it gives up. */
const ATTEMPTS = 8;
/** Races lost to the customer's own other sales before a statement holds their count first. */
const CUSTOMER_RACES_BEFORE_HOLDING = 2;

export interface PlaceSaleResult {
  sale: SellOrderView;
  /** True when the idempotency key matched a sale placed before. */
  isReplay: boolean;
}

/**
 * Places a customer's sale: the rupees for the deposit amount at the page's buy rate
 * (the rate in force, or it is refused), to one of their own payout accounts, under the
 * sale rules (rules/sale-rules.ts). Two statements: one reads the customer and their
 * payout account (its blocklist keys are the server's code) and expires the overdue
 * sales the sale's rules would meet; the sale statement (sale-statement.ts) does
 * the rest and returns what the answer shows. A statement that lost a race to another
 * sale (the amount, or the customer's own sale placed meanwhile) is run again. The
 * sales the first statement expired are announced, so their customers' pages show it.
 */
export async function placeSellOrder({
  db,
  announcer,
  user,
  input,
  idempotencyKey,
}: {
  db: Kysely<DB>;
  announcer: Pick<OrderAnnouncer, "announceSale">;
  user: SessionUser;
  input: SellOrderInput;
  idempotencyKey?: string;
}): Promise<PlaceSaleResult> {
  const { customer, destination, expired } = await readCustomerExpiringNearSales(
    db,
    user.id,
    input,
  );
  // Committed with that statement, whatever becomes of this sale.
  for (const sale of expired) void announcer.announceSale(sale);
  const candidate: Omit<SaleCandidate, "id"> = {
    userId: user.id,
    userEmail: user.email,
    network: input.network,
    requestedUsdt: input.usdtAmount,
    quotedRate: input.quotedBuyRate,
    destinationId: input.destinationId,
    destinationFound: destination !== null,
    holderIsCustomer: destination?.holder_is_customer ?? false,
    customerName: customer.verified_name ?? customer.name,
    isVerified: customer.verification_status === "verified",
    verificationAsked: customer.requested_at !== null,
    isAdmin: user.role === "admin",
    blocklistKeys: destination ? saleBlocklistKeys(destination) : [],
    idempotencyKey: idempotencyKey ?? null,
  };
  let customerRaces = 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const next = { ...candidate, id: randomUUID() };
    const outcome =
      customerRaces < CUSTOMER_RACES_BEFORE_HOLDING
        ? await insertSaleIfAllowed(db, next)
        : await insertHoldingCount(db, next);
    switch (outcome.kind) {
      case "refused":
        throw outcome.refusal;
      case "earlier":
        return replayOf(db, outcome.saleId, input);
      case "written":
        if (!destination) throw new Error("A sale was written to no payout account");
        return {
          sale: toSellOrderView(outcome.sale, destination, outcome.isHeld),
          isReplay: false,
        };
      case "raced":
        if (outcome.customerRaced) customerRaces += 1;
    }
  }
  throw amountBusy(input.usdtAmount);
}

type Destination = Pick<
  Selectable<PayoutDestinationsTable>,
  "kind" | "holder_name" | "upi_id" | "account_number" | "ifsc_code" | "holder_is_customer"
>;

/**
 * The customer's names and verification, and the payout account if it is theirs and
 * not removed; meanwhile, the customer's overdue sales and those asking an amount this
 * sale may take are expired (the watcher's pass expires the rest), so a stale one
 * neither counts toward the day's limit nor takes the amount.
 */
async function readCustomerExpiringNearSales(
  db: Kysely<DB>,
  userId: string,
  input: SellOrderInput,
) {
  const { rows } = await sql<
    {
      name: string;
      verified_name: string | null;
      verification_status: string | null;
      requested_at: Date | null;
      destination_found: boolean;
      expired_sales: { id: string; user_id: string; status: SellOrderStatus }[];
    } & { [column in keyof Destination]: Destination[column] | null }
  >`${preparedStatement("sale_customer")}
    WITH ${overdueSalesExpired({ userId, network: input.network, amountsFrom: input.usdtAmount })}
    SELECT customer.name, verification.verified_name, verification.status AS verification_status,
      verification.requested_at, destination.id IS NOT NULL AS destination_found,
      destination.kind, destination.holder_name, destination.upi_id, destination.account_number,
      destination.ifsc_code, destination.holder_is_customer,
      (SELECT coalesce(json_agg(json_build_object('id', id, 'user_id', user_id, 'status', status)),
        '[]') FROM expired) AS expired_sales
    FROM "user" AS customer
      LEFT JOIN customer_verifications AS verification ON verification.user_id = customer.id
      LEFT JOIN payout_destinations AS destination ON destination.id = ${input.destinationId}
        AND destination.user_id = customer.id AND destination.removed_at IS NULL
    WHERE customer.id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error(`The signed-in customer ${userId} is missing`);
  const { destination_found, kind, holder_name, holder_is_customer, expired_sales, ...rest } = row;
  const destination: Destination | null =
    destination_found && kind !== null && holder_name !== null && holder_is_customer !== null
      ? {
          kind,
          holder_name,
          holder_is_customer,
          upi_id: rest.upi_id,
          account_number: rest.account_number,
          ifsc_code: rest.ifsc_code,
        }
      : null;
  return { customer: rest, destination, expired: expired_sales };
}

/**
 * The sale statement after raising the customer's count in the same transaction: it
 * holds their count until the commit, so no other sale of theirs can race this one. For
 * a customer whose sales keep arriving together.
 */
function insertHoldingCount(db: Kysely<DB>, candidate: SaleCandidate): Promise<SaleOutcome> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto("sale_placement_counts")
      .values({ user_id: candidate.userId, sales_placed: 1 })
      .onConflict((conflict) =>
        conflict
          .column("user_id")
          .doUpdateSet({ sales_placed: sql`sale_placement_counts.sales_placed + 1` }),
      )
      .execute();
    return insertSaleIfAllowed(trx, candidate);
  });
}

/** The first sale as the answer to a retried request, if the retry describes that sale. */
async function replayOf(
  db: Kysely<DB>,
  saleId: string,
  input: SellOrderInput,
): Promise<PlaceSaleResult> {
  const earlier = await db
    .selectFrom("sell_orders")
    .selectAll()
    .where("id", "=", saleId)
    .executeTakeFirstOrThrow();
  const isSame =
    earlier.network === input.network &&
    new Decimal(earlier.requested_usdt).eq(input.usdtAmount) &&
    earlier.destination_id === input.destinationId;
  if (!isSame) throw idempotencyKeyReused(earlier.id);
  return { sale: await sellOrderView(db, earlier), isReplay: true };
}

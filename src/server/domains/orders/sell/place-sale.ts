import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { Decimal } from "../../../../shared/money";
import type { SaleInput } from "../../../../shared/sale-input";
import type { SessionUser } from "../../../platform/api/session";
import type { DB } from "../../../platform/db/schema";
import type { OrderAnnouncer } from "../../../platform/events/order-changes";
import { idempotencyKeyReused } from "../idempotency";
import { amountBusy } from "../rules/free-amount";
import { saleView } from "./customer-sales";
import {
  insertSalesIfAllowed,
  type SaleCandidate,
  type SaleOutcome,
  writeSale,
} from "./sale-placement-sql";
import { type SaleView, toSaleView } from "./sale-view";

/** Queries a sale may lose to others (its amount taken, or the customer's other sales) before it gives up. */
const ATTEMPTS = 8;
/** Races lost to the customer's own other sales before a query holds their count first. */
const CUSTOMER_RACES_BEFORE_HOLDING = 2;

export interface PlaceSaleResult {
  sale: SaleView;
  /** True when the idempotency key matched a sale placed before. */
  isReplay: boolean;
}

/**
 * Places a customer's sale: the rupees for the deposit amount at the page's buy rate
 * (the rate in force, or it is refused), to one of their own payout accounts, under the
 * sale rules (rules/sale-rules.ts), in one query with the other sales placed in the
 * same moment (sale-placement-sql.ts). A sale that lost a race to another (the amount, or
 * the customer's own sale placed meanwhile) is tried again. The sales the query
 * expired are announced, so their customers' pages show it.
 */
export async function placeSale({
  db,
  announcer,
  user,
  input,
  idempotencyKey,
}: {
  db: Kysely<DB>;
  announcer: Pick<OrderAnnouncer, "announceSale">;
  user: SessionUser;
  input: SaleInput;
  idempotencyKey?: string;
}): Promise<PlaceSaleResult> {
  const candidate: Omit<SaleCandidate, "id"> = {
    userId: user.id,
    userEmail: user.email,
    network: input.network,
    requestedUsdt: input.usdtAmount,
    quotedRate: input.quotedBuyRate,
    destinationId: input.destinationId,
    isAdmin: user.role === "admin",
    idempotencyKey: idempotencyKey ?? null,
  };
  let customerRaces = 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const next = { ...candidate, id: randomUUID() };
    const outcome =
      customerRaces < CUSTOMER_RACES_BEFORE_HOLDING
        ? await writeSale(db, next)
        : await insertHoldingCount(db, next);
    // Committed with the query, whatever becomes of this sale.
    for (const sale of outcome.expired) void announcer.announceSale(sale);
    switch (outcome.kind) {
      case "refused":
        throw outcome.refusal;
      case "earlier":
        return replayOf(db, outcome.saleId, input);
      case "written":
        return {
          sale: toSaleView(outcome.sale, outcome.destination, outcome.isHeld),
          isReplay: false,
        };
      case "raced":
        if (outcome.customerRaced) customerRaces += 1;
    }
  }
  throw amountBusy(input.usdtAmount);
}

/**
 * The sale query after raising the customer's count in the same transaction: it
 * holds their count until the commit, so no other sale of theirs can race this one. For
 * a customer whose sales keep arriving together (from several server processes).
 */
async function insertHoldingCount(db: Kysely<DB>, candidate: SaleCandidate): Promise<SaleOutcome> {
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
    const [outcome] = await insertSalesIfAllowed(trx, [candidate]);
    if (!outcome) throw new Error("The sale query lost its sale");
    return outcome;
  });
}

/** The first sale as the answer to a retried request, if the retry describes that sale. */
async function replayOf(
  db: Kysely<DB>,
  saleId: string,
  input: SaleInput,
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
  return { sale: await saleView(db, earlier), isReplay: true };
}

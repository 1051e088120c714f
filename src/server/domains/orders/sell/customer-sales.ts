import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema";
import { isOrderId } from "../buy/order-view";
import { type SaleRow, toSaleView } from "./sale-view";

/** The most sales a customer's list shows: their recent ones. */
const LISTED_SALES = 50;

/** Sales as their customer sees them, with their payout accounts and whether they are held. */
async function viewsOf(db: Kysely<DB>, sales: SaleRow[]) {
  if (sales.length === 0) return [];
  const ids = sales.map((sale) => sale.id);
  const [destinations, holds] = await Promise.all([
    db
      .selectFrom("payout_destinations")
      .selectAll()
      .where("id", "in", [...new Set(sales.map((sale) => sale.destination_id))])
      .execute(),
    db
      .selectFrom("sell_order_holds")
      .select("sell_order_id")
      .where("sell_order_id", "in", ids)
      .where("released_at", "is", null)
      .execute(),
  ]);
  const destinationById = new Map(destinations.map((row) => [row.id, row]));
  const held = new Set(holds.map((hold) => hold.sell_order_id));
  return sales.map((sale) => {
    const destination = destinationById.get(sale.destination_id);
    if (!destination) throw new Error(`Sale ${sale.id} lost its payout account`);
    return toSaleView(sale, destination, held.has(sale.id));
  });
}

export async function saleView(db: Kysely<DB>, sale: SaleRow) {
  const [view] = await viewsOf(db, [sale]);
  if (!view) throw new Error("A sale gave no view");
  return view;
}

/** The customer's recent sales, newest first. */
export async function listCustomerSales(db: Kysely<DB>, userId: string) {
  const sales = await db
    .selectFrom("sell_orders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(LISTED_SALES)
    .execute();
  return viewsOf(db, sales);
}

/** One of the customer's sales with its timeline; another customer's, or no such id, is none. */
export async function getCustomerSale(db: Kysely<DB>, userId: string, id: string) {
  if (!isOrderId(id)) return undefined;
  const sale = await db
    .selectFrom("sell_orders")
    .selectAll()
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!sale) return undefined;
  const events = await db
    .selectFrom("sell_order_events")
    .selectAll()
    .where("sell_order_id", "=", id)
    .orderBy("id")
    .execute();
  return { sale: await saleView(db, sale), events };
}

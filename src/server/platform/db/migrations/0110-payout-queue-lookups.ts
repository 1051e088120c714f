import { type Kysely, sql } from "kysely";

/*
 * The payout queue's two lookups per page (issue 43): the outgoing transfers seen on
 * chain to an order's wallet of its amount, and the other open orders awaiting the
 * same amount on the same network (the watcher's candidates too), each one short
 * index range instead of a walk over every transfer or every open order.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE INDEX chain_transfers_out_to ON chain_transfers (network, to_address, amount)
      WHERE direction = 'out' AND state IN ('seen', 'final')`.execute(db);
  await sql`
    CREATE INDEX orders_open_by_amount ON orders (network, receive_amount)
      WHERE status IN ('pending', 'processing')`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await sql`DROP INDEX orders_open_by_amount`.execute(db);
  await sql`DROP INDEX chain_transfers_out_to`.execute(db);
}

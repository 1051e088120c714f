import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { USDT_TOKENS } from "../platform/config/chain-tokens";
import { baseUnitsOf, FakeEvmNode } from "./fake-evm-node";
import { insertSale } from "./sales";
import { freshEvmWallet, startWatchedDesk } from "./watched-desk";

/**
 * A desk whose BEP20 payout wallet (a fresh one) is watched through a stand-in node (5
 * confirmations), for sell orders' deposits: `orderFor` places an order awaiting its
 * deposit there, `deposit` has a customer send USDT to the wallet, `pass` mines blocks
 * and runs one pass of the payout watcher with its matching. `env` is added.
 */
export async function startDepositDesk(env: Record<string, string> = {}) {
  const wallet = `0x${randomBytes(20).toString("hex")}`;
  const node = new FakeEvmNode();
  const desk = await startWatchedDesk(node, wallet, "bep20", env);
  const { testApp } = desk;
  return {
    ...desk,
    node,
    wallet,
    /** An order awaiting `depositUsdt` to the wallet, its address as typed in upper case hex. */
    orderFor: (customer: { userId: string; email: string }, depositUsdt: string) =>
      insertSale(testApp.db, customer, {
        depositAddress: `0x${wallet.slice(2).toUpperCase()}`,
        network: "bep20",
        depositUsdt,
      }),
    /**
     * A customer sends `usdt` from `from` (a fresh wallet unless said), in the head's
     * block, whose time is `at` when given (now otherwise); answers the hash.
     */
    deposit: (usdt: string, from = freshEvmWallet().toLowerCase(), at?: Date) =>
      node.send(
        {
          token: USDT_TOKENS.bep20.token,
          from,
          to: wallet,
          baseUnits: baseUnitsOf(usdt, USDT_TOKENS.bep20.decimals),
        },
        { at },
      ),
    pass: async (blocks = 0) => {
      node.head += blocks;
      await testApp.payoutWatch.watchOnce();
    },
    transferOf: (hash: string) =>
      testApp.db
        .selectFrom("chain_transfers")
        .selectAll()
        .where("tx_hash", "=", hash)
        .executeTakeFirstOrThrow(),
    sale: (id: string) =>
      testApp.db
        .selectFrom("sell_orders")
        .selectAll()
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    /** Moves the order's expiry into the past, as its 30 minutes running out would. */
    runOutOfTime: (id: string) =>
      testApp.db
        .updateTable("sell_orders")
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where("id", "=", id)
        .execute(),
  };
}

import { beforeEach, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { FakeSolanaNode, freshSolanaAddress } from "../../testing/fake-solana-node";
import { watcherTestBench } from "../../testing/watched-desk";
import { SOLANA_WATCH_LIMITS, watchSolanaWallet } from "./solana-watcher";
import { watchWallet } from "./watch-wallet";

/*
 * The Solana payout watcher against a stand-in node: what it records of a wallet's
 * USDT transfers (found through its token accounts), and what it never takes as final.
 */

const MINT = USDT_TOKENS.solana.token;
/** USDC's mint: another token of the same 6 decimals. */
const OTHER_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
/** One USDT (6 decimals). */
const ONE = 1_000_000n;

const bench = watcherTestBench({
  network: "solana",
  newNode: () => new FakeSolanaNode(),
  newWallet: freshSolanaAddress,
  // Solana waits for "finalized", not a count.
  confirmations: 0,
});
const { transfersOf, cursorOf } = bench;
let customer: string;
beforeEach(() => {
  customer = freshSolanaAddress();
});

const watch = (limits = SOLANA_WATCH_LIMITS) =>
  watchSolanaWallet(bench.testApp.db, bench.key, bench.chain, limits);
const pays = (baseUnits: bigint, more: { slot?: number; to?: string; failed?: boolean } = {}) =>
  bench.node.send({
    mint: MINT,
    from: bench.key.wallet,
    to: more.to ?? customer,
    baseUnits,
    ...more,
  });
/** The chain goes on until every transaction sent so far is finalized. */
const finalize = () => {
  bench.node.slot += 40;
};

function signatureCursorsOf() {
  return bench.testApp.db
    .selectFrom("chain_watch_signatures")
    .select(["token_account", "last_signature"])
    .where("wallet_address", "=", bench.key.wallet)
    .execute();
}

describe("the Solana payout watcher", () => {
  it("records a payout to the customer's address as seen, then final once finalized, its amount exact", async () => {
    const signature = pays(100_500_001n);
    expect(await watch()).toMatchObject({ scanned: true, transfers: 1, nextBlock: 1_000n });
    expect(await transfersOf()).toEqual([
      {
        tx_hash: signature,
        log_index: 0,
        direction: "out",
        from_address: bench.key.wallet,
        // The owner, as orders hold it, not the token account the transfer names.
        to_address: customer,
        amount: "100.500001",
        state: "seen",
        confirmations: 1,
        match_state: "waiting",
        block_number: "1000",
      },
    ]);
    expect(await signatureCursorsOf()).toEqual([]);
    finalize();
    expect(await watch()).toMatchObject({ scanned: true, nextBlock: 1_041n });
    expect(await transfersOf()).toMatchObject([{ state: "final" }]);
    expect(await signatureCursorsOf()).toEqual([
      { token_account: bench.node.accountOf(bench.key.wallet, MINT), last_signature: signature },
    ]);
    // A pass with nothing new costs three calls: the slot, the accounts, what came after the cursor.
    bench.node.calls = [];
    expect(await watch()).toMatchObject({ transfers: 0 });
    expect(bench.node.calls.map((call) => call.method)).toEqual([
      "getSlot",
      "getTokenAccountsByOwner",
      "getSignaturesForAddress",
    ]);
    expect(
      bench.node.calls.find((call) => call.method === "getSignaturesForAddress")?.params[1],
    ).toMatchObject({ until: signature });
  });

  it("records a transfer into the wallet as incoming, waiting for the sell orders' matcher, at its block's time", async () => {
    const signature = bench.node.send({
      mint: MINT,
      from: customer,
      to: bench.key.wallet,
      baseUnits: 250n * ONE,
    });
    finalize();
    await watch();
    const [transfer] = await transfersOf();
    expect(transfer).toMatchObject({
      direction: "in",
      from_address: customer,
      amount: "250",
      state: "final",
      match_state: "waiting",
    });
    // The node's blockTime: when its stand-in put the transaction on the chain.
    const onChain = bench.node.transactions.find((tx) => tx.signature === signature);
    expect(await bench.blockTimeOf(signature)).toBe((onChain?.blockTime ?? 0) * 1000);
  });

  it("removes a seen transfer whose fork was abandoned before it was finalized", async () => {
    const signature = pays(ONE);
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "seen" }]);
    bench.node.abandon(signature);
    finalize();
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: signature, state: "removed" }]);
  });

  it("reads a backlog a bounded batch per pass, oldest first, and misses none", async () => {
    const limits = { ...SOLANA_WATCH_LIMITS, pageSize: 2, maxTransactions: 3 };
    const sent = [1n, 2n, 3n, 4n, 5n, 6n, 7n].map((units, index) =>
      pays(units * ONE, { slot: 900 + index }),
    );
    // The node's pages of two signatures, newest first, walked back with `before`.
    expect(await watch(limits)).toMatchObject({ transfers: 3, from: 900n, to: 902n });
    const pages = bench.node.calls.filter((call) => call.method === "getSignaturesForAddress");
    expect(pages.map((call) => (call.params[1] as { before?: string }).before)).toEqual([
      undefined,
      sent[5],
      sent[3],
      sent[1],
    ]);
    expect((await transfersOf()).map((row) => row.amount)).toEqual(["1", "2", "3"]);
    // A transfer sent meanwhile waits its turn behind the backlog.
    const late = pays(8n * ONE, { slot: 1_000 });
    await watch(limits);
    expect((await transfersOf()).map((row) => row.amount)).toEqual(["1", "2", "3", "4", "5", "6"]);
    await watch(limits);
    const rows = await transfersOf();
    expect(rows.map((row) => row.tx_hash)).toEqual([...sent, late]);
    expect(rows.map((row) => row.state)).toEqual([...Array(7).fill("final"), "seen"]);
  });

  it("records nothing of a pass cut short, and every transfer once when it is read again", async () => {
    pays(ONE, { slot: 900 });
    pays(2n * ONE, { slot: 901 });
    let reads = 0;
    bench.interrupt = (method) =>
      method === "getTransaction" && ++reads === 2 ? { drop: true } : undefined;
    await expect(watch()).rejects.toThrow(/could not be reached/);
    expect(await transfersOf()).toEqual([]);
    const stuck = await cursorOf();
    expect(stuck.last_error).toMatch(/could not be reached/);
    expect(await signatureCursorsOf()).toEqual([]);

    bench.interrupt = undefined;
    await watch();
    expect(await transfersOf()).toHaveLength(2);
    // A process restarted from an older cursor (none: the wallet's newest signatures) reads them again.
    await bench.testApp.db
      .deleteFrom("chain_watch_signatures")
      .where("wallet_address", "=", bench.key.wallet)
      .execute();
    await watch();
    expect(await transfersOf()).toMatchObject([
      { amount: "1", state: "final" },
      { amount: "2", state: "final" },
    ]);
    expect((await cursorOf()).last_error).toBeNull();
  });

  it("stops without moving its cursor on an answer out of the node's format", async () => {
    pays(ONE, { slot: 900 });
    bench.interrupt = (method) =>
      method === "getSignaturesForAddress"
        ? { json: [{ signature: "not a signature", slot: 900 }] }
        : undefined;
    await expect(watch()).rejects.toThrow(/not in the chain's format/);
    expect(await transfersOf()).toEqual([]);
    expect((await cursorOf()).next_block).toBeNull();
  });

  it("ignores a failed transaction, another mint's move, and another owner's account the node lends the wallet", async () => {
    pays(ONE, { slot: 900, failed: true });
    // A transaction naming the wallet's USDT account that moves only another mint.
    bench.node.transact({
      slot: 901,
      moves: [
        { owner: bench.key.wallet, mint: MINT, change: 0n },
        { owner: bench.key.wallet, mint: OTHER_MINT, change: -ONE },
        { owner: customer, mint: OTHER_MINT, change: ONE },
      ],
    });
    // Someone else's USDT account, listed by a lying node as the wallet's.
    const stranger = freshSolanaAddress();
    bench.node.send({ mint: MINT, from: stranger, to: customer, baseUnits: ONE, slot: 902 });
    bench.node.lendsAccountOf = stranger;
    const paid = pays(3n * ONE, { slot: 903 });
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: paid, amount: "3", state: "final" }]);
    // The cursor passed the failed transaction and the other mint's: none is read again.
    expect(await signatureCursorsOf()).toContainEqual({
      token_account: bench.node.accountOf(bench.key.wallet, MINT),
      last_signature: paid,
    });
  });

  it("records one transfer per recipient of a transaction that pays several", async () => {
    const other = freshSolanaAddress();
    const signature = bench.node.transact({
      slot: 900,
      moves: [
        { owner: bench.key.wallet, mint: MINT, change: -30n * ONE },
        { owner: customer, mint: MINT, change: 10n * ONE },
        { owner: other, mint: MINT, change: 20n * ONE },
      ],
    });
    await watch();
    expect(await transfersOf()).toMatchObject([
      { tx_hash: signature, log_index: 0, to_address: customer, amount: "10" },
      { tx_hash: signature, log_index: 1, to_address: other, amount: "20" },
    ]);
  });

  it("takes its own limits through the desk's watchWallet, as every family does", async () => {
    pays(ONE, { slot: 900 });
    pays(2n * ONE, { slot: 901 });
    const limits = { solana: { ...SOLANA_WATCH_LIMITS, maxTransactions: 1 } };
    const pass = await watchWallet(bench.testApp.db, bench.key, bench.chain, limits);
    expect(pass).toMatchObject({ transfers: 1 });
    expect((await transfersOf()).map((row) => row.amount)).toEqual(["1"]);
  });
});

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { FakeEvmNode } from "../../testing/fake-evm-node";
import { watcherTestBench } from "../../testing/watched-desk";
import { watchEvmWallet } from "./evm-watcher";
import { claimCursor } from "./watch-cursor";
import { watchWallet } from "./watch-wallet";

/*
 * The EVM payout watcher against a stand-in node: what it records of a wallet's USDT
 * transfers, and what it never takes as final.
 */

const TOKEN = USDT_TOKENS.bep20.token;
const LOOK_ALIKE = "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB";
const CUSTOMER = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
const LIMITS = { maxBlocks: 1_000n, startBehind: 50n };
/** One token with BEP20's 18 decimals. */
const ONE = 10n ** 18n;

const bench = watcherTestBench({
  network: "bep20",
  newNode: () => new FakeEvmNode(),
  newWallet: () => `0x${randomBytes(20).toString("hex")}`,
  confirmations: 5,
});
const { transfersOf, cursorOf } = bench;

const watch = () => watchEvmWallet(bench.testApp.db, bench.key, bench.chain, LIMITS);
/** The watched wallet pays the customer, in the head's block unless `block` is given. */
const payout = (baseUnits: bigint, block = bench.node.head) =>
  bench.node.send({ token: TOKEN, from: bench.key.wallet, to: CUSTOMER, baseUnits, block });

describe("the EVM payout watcher", () => {
  it("records a payout as seen, then final once its block is deep enough, its amount exact", async () => {
    const hash = payout((1005n * ONE) / 10n + 1n);
    expect(await watch()).toMatchObject({ scanned: true, from: 50n, to: 100n, nextBlock: 97n });
    expect(await transfersOf()).toEqual([
      {
        tx_hash: hash,
        log_index: 0,
        direction: "out",
        from_address: bench.key.wallet,
        to_address: CUSTOMER,
        amount: "100.500000000000000001",
        state: "seen",
        confirmations: 1,
        match_state: "waiting",
        block_number: "100",
      },
    ]);
    bench.node.head = 104;
    expect(await watch()).toMatchObject({ from: 97n, nextBlock: 101n });
    expect(await transfersOf()).toMatchObject([{ state: "final", confirmations: 5 }]);
    expect(String((await cursorOf()).next_block)).toBe("101");
  });

  it("records a transfer into the wallet as incoming, waiting for the sell orders' matcher, at its block's time", async () => {
    const at = new Date("2026-11-30T10:15:42Z");
    const hash = bench.node.send(
      { token: TOKEN, from: CUSTOMER, to: bench.key.wallet, baseUnits: 250n * ONE, block: 90 },
      { at },
    );
    await watch();
    expect(await transfersOf()).toMatchObject([
      { direction: "in", amount: "250", state: "final", match_state: "waiting" },
    ]);
    expect(await bench.blockTimeOf(hash)).toBe(at.getTime());
  });

  it("forgets a seen transfer that a reorganisation took back before it was final", async () => {
    payout(ONE);
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "seen" }]);
    bench.node.reorganiseFrom(100);
    bench.node.head = 110;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "removed" }]);
  });

  it("never takes a log the node returns as removed for final", async () => {
    payout(ONE);
    await watch();
    bench.node.transfers[0] = {
      ...(bench.node.transfers[0] as (typeof bench.node.transfers)[0]),
      removed: true,
    };
    bench.node.head = 110;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "removed", match_state: "waiting" }]);
  });

  it("splits a range the node refuses as too large and asks again", async () => {
    bench.node.maxRange = 20;
    payout(ONE, 60);
    const pass = await watch();
    expect(pass).toMatchObject({ scanned: true, from: 50n, to: 62n, nextBlock: 63n });
    const ranges = bench.node.calls.filter((call) => call.method === "eth_getLogs");
    expect(ranges.map(({ from, to }) => [from, to])).toEqual([
      [50, 100],
      [50, 75],
      [50, 62],
      [50, 62],
    ]);
    expect(await transfersOf()).toMatchObject([{ state: "final" }]);
  });

  it("records nothing of a pass cut short, and every transfer once when it is read again", async () => {
    payout(ONE, 60);
    payout(2n * ONE, 70);
    let receipts = 0;
    bench.interrupt = (method) =>
      method === "eth_getTransactionReceipt" && ++receipts === 2 ? { drop: true } : undefined;
    await expect(watch()).rejects.toThrow(/could not be reached/);
    expect(await transfersOf()).toEqual([]);
    const stuck = await cursorOf();
    // The wallet's first pass failed: it starts behind the head again.
    expect(stuck.next_block).toBeNull();
    expect(stuck.last_error).toMatch(/could not be reached/);

    bench.interrupt = undefined;
    await watch();
    expect(await transfersOf()).toHaveLength(2);
    // A process restarted from an older cursor reads the range again: still two rows.
    await bench.testApp.db
      .updateTable("chain_watch_cursors")
      .set({ next_block: "50" })
      .where("wallet_address", "=", bench.key.wallet)
      .execute();
    await watch();
    expect(await transfersOf()).toMatchObject([
      { amount: "1", state: "final" },
      { amount: "2", state: "final" },
    ]);
    expect((await cursorOf()).last_error).toBeNull();
  });

  it("ignores a look-alike token's transfer, and takes a failed transaction's as failed", async () => {
    bench.node.ignoresAddress = true;
    bench.node.send({
      token: LOOK_ALIKE,
      from: bench.key.wallet,
      to: CUSTOMER,
      baseUnits: ONE,
      block: 60,
    });
    const failed = bench.node.send({
      token: TOKEN,
      from: bench.key.wallet,
      to: CUSTOMER,
      baseUnits: ONE,
      block: 61,
      failed: true,
    });
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: failed, state: "failed" }]);
  });

  it("lets one watcher at a time scan a wallet", async () => {
    payout(ONE, 60);
    // Another process is in the middle of a pass over the wallet.
    const other = await claimCursor(bench.testApp.db, bench.key, 60);
    expect(other).not.toBeNull();
    expect(await watch()).toEqual({ scanned: false });
    expect(bench.node.calls).toEqual([]);
    // It died: once its lease runs out, this one takes the wallet up.
    await bench.testApp.db
      .updateTable("chain_watch_cursors")
      .set({ leased_until: new Date(Date.now() - 1000) })
      .where("wallet_address", "=", bench.key.wallet)
      .execute();
    expect(await watch()).toMatchObject({ scanned: true });
    expect(await transfersOf()).toHaveLength(1);
  });

  it("keeps every transfer once when several watchers start at once", async () => {
    payout(ONE, 60);
    const passes = await Promise.all([watch(), watch(), watch()]);
    const scanned = passes.filter((pass) => pass.scanned).length;
    expect(bench.node.calls.filter((call) => call.method === "eth_getLogs")).toHaveLength(
      2 * scanned,
    );
    expect(await transfersOf()).toHaveLength(1);
  });

  it("takes its own limits through the desk's watchWallet, as every family does", async () => {
    const limits = { evm: { maxBlocks: 1_000n, startBehind: 20n } };
    const pass = await watchWallet(bench.testApp.db, bench.key, bench.chain, limits);
    expect(pass).toMatchObject({ scanned: true, from: 80n, to: 100n });
  });
});

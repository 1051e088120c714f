import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NetworkChain } from "../../platform/config/chain-config";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { FakeEvmNode } from "../../testing/fake-evm-node";
import type { TestApp } from "../../testing/test-app";
import { startWatcherBench } from "../../testing/watched-desk";
import { watchEvmWallet } from "./evm-watcher";
import { claimCursor, type WatchKey } from "./watch-cursor";

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

let bench: Awaited<ReturnType<typeof startWatcherBench>>;
let testApp: TestApp;
let node: FakeEvmNode;
let chain: NetworkChain;
let key: WatchKey;

beforeAll(async () => {
  bench = await startWatcherBench(() => node.respond);
  testApp = bench.testApp;
  chain = {
    endpoint: { url: bench.url, timeoutMs: 3000, confirmations: 5 },
    token: TOKEN,
    decimals: USDT_TOKENS.bep20.decimals,
  };
});
afterAll(() => bench.close());
beforeEach(() => {
  node = new FakeEvmNode();
  bench.interrupt = undefined;
  // A wallet of its own per test: its own cursor and transfers.
  key = { network: "bep20", wallet: `0x${randomBytes(20).toString("hex")}` };
});

const watch = () => watchEvmWallet(testApp.db, key, chain, LIMITS);

function transfersOf(wallet = key.wallet) {
  return testApp.db
    .selectFrom("chain_transfers")
    .select([
      "tx_hash",
      "log_index",
      "direction",
      "amount",
      "state",
      "confirmations",
      "match_state",
    ])
    .where((eb) => eb.or([eb("from_address", "=", wallet), eb("to_address", "=", wallet)]))
    .orderBy("block_number")
    .orderBy("log_index")
    .execute();
}

const cursorOf = () => bench.cursorOf(key);

describe("the EVM payout watcher", () => {
  it("records a payout as seen, then final once its block is deep enough, its amount exact", async () => {
    const hash = node.send({
      token: TOKEN,
      from: key.wallet,
      to: CUSTOMER,
      baseUnits: (1005n * ONE) / 10n + 1n,
    });
    expect(await watch()).toMatchObject({ scanned: true, from: 50n, to: 100n, nextBlock: 97n });
    expect(await transfersOf()).toEqual([
      {
        tx_hash: hash,
        log_index: 0,
        direction: "out",
        amount: "100.500000000000000001",
        state: "seen",
        confirmations: 1,
        match_state: "waiting",
      },
    ]);
    node.head = 104;
    expect(await watch()).toMatchObject({ from: 97n, nextBlock: 101n });
    expect(await transfersOf()).toMatchObject([{ state: "final", confirmations: 5 }]);
    expect(String((await cursorOf()).next_block)).toBe("101");
  });

  it("records a transfer into the wallet as incoming, waiting for the sell orders' matcher", async () => {
    node.send({ token: TOKEN, from: CUSTOMER, to: key.wallet, baseUnits: 250n * ONE, block: 90 });
    await watch();
    expect(await transfersOf()).toMatchObject([
      { direction: "in", amount: "250", state: "final", match_state: "waiting" },
    ]);
  });

  it("forgets a seen transfer that a reorganisation took back before it was final", async () => {
    node.send({ token: TOKEN, from: key.wallet, to: CUSTOMER, baseUnits: ONE });
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "seen" }]);
    node.reorganiseFrom(100);
    node.head = 110;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "removed" }]);
  });

  it("never takes a log the node returns as removed for final", async () => {
    node.send({ token: TOKEN, from: key.wallet, to: CUSTOMER, baseUnits: ONE });
    await watch();
    node.transfers[0] = { ...(node.transfers[0] as (typeof node.transfers)[0]), removed: true };
    node.head = 110;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "removed", match_state: "waiting" }]);
  });

  it("splits a range the node refuses as too large and asks again", async () => {
    node.maxRange = 20;
    node.send({ token: TOKEN, from: key.wallet, to: CUSTOMER, baseUnits: ONE, block: 60 });
    const pass = await watch();
    expect(pass).toMatchObject({ scanned: true, from: 50n, to: 62n, nextBlock: 63n });
    const ranges = node.calls.filter((call) => call.method === "eth_getLogs");
    expect(ranges.map(({ from, to }) => [from, to])).toEqual([
      [50, 100],
      [50, 75],
      [50, 62],
      [50, 62],
    ]);
    expect(await transfersOf()).toMatchObject([{ state: "final" }]);
  });

  it("records nothing of a pass cut short, and every transfer once when it is read again", async () => {
    node.send({ token: TOKEN, from: key.wallet, to: CUSTOMER, baseUnits: ONE, block: 60 });
    node.send({ token: TOKEN, from: key.wallet, to: CUSTOMER, baseUnits: 2n * ONE, block: 70 });
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
    await testApp.db
      .updateTable("chain_watch_cursors")
      .set({ next_block: "50" })
      .where("wallet_address", "=", key.wallet)
      .execute();
    await watch();
    expect(await transfersOf()).toMatchObject([
      { amount: "1", state: "final" },
      { amount: "2", state: "final" },
    ]);
    expect((await cursorOf()).last_error).toBeNull();
  });

  it("ignores a look-alike token's transfer, and takes a failed transaction's as failed", async () => {
    node.ignoresAddress = true;
    node.send({ token: LOOK_ALIKE, from: key.wallet, to: CUSTOMER, baseUnits: ONE, block: 60 });
    const failed = node.send({
      token: TOKEN,
      from: key.wallet,
      to: CUSTOMER,
      baseUnits: ONE,
      block: 61,
      failed: true,
    });
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: failed, state: "failed" }]);
  });

  it("lets one watcher at a time scan a wallet", async () => {
    node.send({ token: TOKEN, from: key.wallet, to: CUSTOMER, baseUnits: ONE, block: 60 });
    // Another process is in the middle of a pass over the wallet.
    const other = await claimCursor(testApp.db, key, 60);
    expect(other).not.toBeNull();
    expect(await watch()).toEqual({ scanned: false });
    expect(node.calls).toEqual([]);
    // It died: once its lease runs out, this one takes the wallet up.
    await testApp.db
      .updateTable("chain_watch_cursors")
      .set({ leased_until: new Date(Date.now() - 1000) })
      .where("wallet_address", "=", key.wallet)
      .execute();
    expect(await watch()).toMatchObject({ scanned: true });
    expect(await transfersOf()).toHaveLength(1);
  });

  it("keeps every transfer once when several watchers start at once", async () => {
    node.send({ token: TOKEN, from: key.wallet, to: CUSTOMER, baseUnits: ONE, block: 60 });
    const passes = await Promise.all([watch(), watch(), watch()]);
    const scanned = passes.filter((pass) => pass.scanned).length;
    expect(node.calls.filter((call) => call.method === "eth_getLogs")).toHaveLength(2 * scanned);
    expect(await transfersOf()).toHaveLength(1);
  });
});

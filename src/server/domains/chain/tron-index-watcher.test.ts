import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import type { FakeChainAnswer } from "../../testing/fake-chain";
import { blockTime, FakeTronNode, randomTronAddress } from "../../testing/fake-tron-node";
import { watcherTestBench } from "../../testing/watched-desk";
import { watchTronWallet } from "./tron-watcher";

/*
 * The TRON payout watcher through TronGrid's index (a stand-in node that serves it):
 * what it asks, that the node's answer and not the index's decides, and that a plain
 * node is read block by block instead.
 */

const TOKEN = USDT_TOKENS.trc20.token;
const CUSTOMER = randomTronAddress();
const LIMITS = { maxBlocks: 100n, startBehind: 50n };
const ONE = 1_000_000n;

const bench = watcherTestBench<FakeTronNode, { value?: string }>({
  network: "trc20",
  newNode: () => Object.assign(new FakeTronNode(), { servesIndex: true }),
  newWallet: randomTronAddress,
  confirmations: 5,
  // Whether an endpoint offers the index is remembered per endpoint for the process.
  endpointPerTest: true,
});
const { transfersOf, cursorOf } = bench;

const watch = () => watchTronWallet(bench.testApp.db, bench.key, bench.chain, LIMITS);

const callsTo = (path: string) => bench.asked.filter((call) => call.startsWith(path));
const payout = (baseUnits: bigint, block?: number) =>
  bench.node.send({ token: TOKEN, from: bench.key.wallet, to: CUSTOMER, baseUnits, block });

describe("the TRON payout watcher through TronGrid's index", () => {
  it("records a payout the index lists as seen, then final, asking the node of that transaction alone", async () => {
    const hash = payout(100_500_001n);
    expect(await watch()).toMatchObject({ scanned: true, nextBlock: 998n });
    // As the block path records it: the node's block, the event's place, the exact amount.
    expect(await transfersOf()).toMatchObject([
      { tx_hash: hash, log_index: 0, amount: "100.500001", state: "seen", block_number: "1001" },
    ]);
    bench.node.head = 1005;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "final", confirmations: 5 }]);
    expect(callsTo("/wallet/gettransactioninfobyblocknum")).toEqual([]);
    expect(callsTo("/wallet/gettransactioninfobyid")).toHaveLength(2);
    expect(String((await cursorOf()).next_block)).toBe("1002");
  });

  it("asks less than once per block in steady state: the index each pass, the head when there is something to judge", async () => {
    await watch();
    bench.asked = [];
    // 30 passes, two blocks apart (a pass every 5 s, a block every 3 s), a payout every 15th.
    for (let pass = 1; pass <= 30; pass += 1) {
      if (pass % 15 === 0) payout(ONE);
      bench.node.head += pass % 15 === 0 ? 1 : 2;
      await watch();
    }
    const blocks = bench.node.head - 1000;
    expect(callsTo("/v1/")).toHaveLength(30);
    expect(bench.asked.length / blocks).toBeLessThan(1);
    expect(await transfersOf()).toMatchObject([{ state: "final" }, { state: "seen" }]);
    // The head was asked now and then for the lag: the cursor followed it.
    expect(Number((await cursorOf()).next_block)).toBeGreaterThan(1040);
  });

  it("records a top-up into the wallet as incoming, at its block's time", async () => {
    const hash = bench.node.send({
      token: TOKEN,
      from: CUSTOMER,
      to: bench.key.wallet,
      baseUnits: 250n * ONE,
      block: 990,
    });
    await watch();
    expect(await transfersOf()).toMatchObject([{ direction: "in", amount: "250", state: "final" }]);
    expect(await bench.blockTimeOf(hash)).toBe(blockTime(990));
  });

  it.each([
    ["answers 404, as a plain full node does", undefined],
    ["answers something that is not JSON", { garbage: "<html>Welcome</html>" }],
  ] as [string, FakeChainAnswer | undefined][])(
    "reads blocks when the endpoint %s, and asks the index no more",
    async (_, answer) => {
      bench.node.servesIndex = false;
      bench.interrupt = (path) => (answer && path.startsWith("/v1/") ? answer : undefined);
      payout(ONE, 990);
      await watch();
      bench.node.head += 3;
      await watch();
      expect(await transfersOf()).toMatchObject([{ amount: "1", state: "final" }]);
      expect(callsTo("/v1/")).toHaveLength(1);
      expect(callsTo("/wallet/gettransactioninfobyblocknum").length).toBeGreaterThanOrEqual(50);
    },
  );

  it("sends the API key, and stops with a clear error when the index refuses it", async () => {
    bench.node.apiKey = "grid-key-1";
    bench.chain.endpoint.headers = { "TRON-PRO-API-KEY": "grid-key-1" };
    payout(ONE, 990);
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "final" }]);
    expect(bench.node.indexKeys).toEqual(["grid-key-1"]);

    bench.key = { network: "trc20", wallet: randomTronAddress() };
    bench.chain.endpoint.headers = { "TRON-PRO-API-KEY": "another-key" };
    payout(ONE, 995);
    await expect(watch()).rejects.toThrow(/refused the API key \(HTTP 401\)/);
    expect(await transfersOf()).toEqual([]);
    expect((await cursorOf()).last_error).toMatch(/CHAIN_API_KEY_TRC20/);
    // A refused key is no plain node: the blocks are not read instead.
    expect(callsTo("/wallet/gettransactioninfobyblocknum")).toEqual([]);
  });

  it.each([
    ["a transaction the node does not know", () => randomBytes(32).toString("hex")],
    [
      "another token's transfer",
      () =>
        bench.node.send({
          token: randomTronAddress(),
          from: bench.key.wallet,
          to: CUSTOMER,
          baseUnits: 100n * ONE,
          block: 990,
        }),
    ],
    [
      "other people's transfer",
      () =>
        bench.node.send({
          token: TOKEN,
          from: CUSTOMER,
          to: randomTronAddress(),
          baseUnits: 100n * ONE,
          block: 990,
        }),
    ],
  ])("records nothing of an index entry naming %s", async (_, transaction) => {
    const txId = transaction();
    const lie = {
      token: TOKEN,
      from: bench.key.wallet,
      to: CUSTOMER,
      baseUnits: 100n * ONE,
      block: 990,
      txId,
    };
    bench.node.indexLies.push(bench.node.indexEntryOf(lie));
    await watch();
    bench.node.head += 10;
    await watch();
    expect(await transfersOf()).toEqual([]);
    // Once as old as finality, the entry is passed: not asked at every pass.
    expect(Number((await cursorOf()).index_from_ms)).toBeGreaterThan(blockTime(990));
    const infoCalls = () => callsTo("/wallet/gettransactioninfobyid").length;
    const before = infoCalls();
    bench.node.head += 1;
    await watch();
    expect(infoCalls()).toBe(before);
  });

  it("takes a failed call's transfer as failed and the chain's amount, never the index's", async () => {
    const failed = bench.node.send({
      token: TOKEN,
      from: bench.key.wallet,
      to: CUSTOMER,
      baseUnits: 100n * ONE,
      block: 980,
      failed: true,
    });
    const sent = { token: TOKEN, from: bench.key.wallet, to: CUSTOMER, baseUnits: ONE, block: 985 };
    const real = bench.node.send(sent);
    // The index says the second moved 100 USDT; its events say 1.
    bench.node.indexLies.push({
      ...bench.node.indexEntryOf({ ...sent, txId: real }),
      value: "100000000",
    });
    await watch();
    expect(await transfersOf()).toMatchObject([
      { tx_hash: failed, state: "failed" },
      { tx_hash: real, amount: "1", state: "final" },
    ]);
  });

  it("reads past one page and past one pass, missing nothing", async () => {
    // 1,050 payouts, seven a block: six pages, more than one pass lists, the first
    // pass ending half way through a block.
    bench.node.head = 1_010;
    const hashes = Array.from({ length: 1_050 }, (_, k) =>
      payout(ONE + BigInt(k), 850 + Math.floor(k / 7)),
    );
    const fromBlock850 = { ...LIMITS, startBehind: 160n };
    // A pass also stops reading at half its lease (20 calls' time): give it room enough
    // that only its five pages end it, however slow a busy machine is.
    const patient = { ...bench.chain, endpoint: { ...bench.chain.endpoint, timeoutMs: 60_000 } };
    await watchTronWallet(bench.testApp.db, bench.key, patient, fromBlock850);
    expect(await transfersOf()).toHaveLength(1_000);
    await watchTronWallet(bench.testApp.db, bench.key, patient, fromBlock850);
    const recorded = await transfersOf();
    expect(recorded).toHaveLength(1_050);
    expect(new Set(recorded.map((row) => row.tx_hash))).toEqual(new Set(hashes));
    expect(recorded.every((row) => row.state === "final")).toBe(true);
    expect(callsTo("/v1/").filter((call) => call.includes("fingerprint="))).not.toEqual([]);
  });

  it("records each transfer once when a pass stops mid-batch and the next one reads again", async () => {
    const hashes = [payout(ONE, 960), payout(2n * ONE, 970), payout(3n * ONE, 980)];
    bench.interrupt = (path, params) =>
      path === "/wallet/gettransactioninfobyid" && params.value === hashes[1]
        ? { drop: true }
        : undefined;
    await expect(watch()).rejects.toThrow(/could not be reached/);
    // What was asked before the failure is written; the index is listed again from the failed one.
    expect((await transfersOf()).map((row) => row.tx_hash)).not.toContain(hashes[1]);
    expect(String((await cursorOf()).index_from_ms)).toBe(String(blockTime(970)));

    bench.interrupt = undefined;
    await watch();
    // A process restarted from an older cursor lists them all again: still one row each.
    await bench.testApp.db
      .updateTable("chain_watch_cursors")
      .set({ index_from_ms: String(blockTime(900)) })
      .where("wallet_address", "=", bench.key.wallet)
      .execute();
    await watch();
    expect(await transfersOf()).toMatchObject([
      { amount: "1", state: "final" },
      { amount: "2", state: "final" },
      { amount: "3", state: "final" },
    ]);
  });

  it("never removes a seen transfer the node once says it does not know (a lagging node): it is final once asked again", async () => {
    const hash = payout(ONE);
    await watch();
    bench.node.head = 1010;
    bench.interrupt = (path, params) =>
      path === "/wallet/gettransactioninfobyid" && params.value === hash ? { json: {} } : undefined;
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: hash, state: "seen" }]);
    bench.interrupt = undefined;
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: hash, state: "final" }]);
  });

  it("forgets a seen transfer that a reorganisation took back before it was final, once read without it on two passes", async () => {
    payout(ONE);
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "seen" }]);
    bench.node.reorganiseFrom(1001);
    bench.node.head = 1010;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "seen" }]);
    bench.node.head += 1;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "removed" }]);
  });
});

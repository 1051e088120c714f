import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import type { FakeChainAnswer } from "../../testing/fake-chain";
import { blockTime, FakeTronNode, randomTronAddress } from "../../testing/fake-tron-node";
import { watcherTestBench } from "../../testing/watched-desk";
import { watchTronWallet } from "./tron-watcher";

/*
 * The TRON payout watcher against a stand-in full node: what it records of a wallet's
 * USDT transfers block by block, what it never takes as final, and that it never
 * passes a block it could not read.
 */

const TOKEN = USDT_TOKENS.trc20.token;
const CUSTOMER = randomTronAddress();
const LIMITS = { maxBlocks: 100n, startBehind: 50n };
const ONE = 1_000_000n;

const bench = watcherTestBench<FakeTronNode, { num?: number }>({
  network: "trc20",
  newNode: () => new FakeTronNode(),
  newWallet: randomTronAddress,
  confirmations: 5,
});
const { transfersOf, cursorOf } = bench;

const watch = () => watchTronWallet(bench.testApp.db, bench.key, bench.chain, LIMITS);
/** The watched wallet pays the customer, in the head's block unless `block` is given. */
const payout = (baseUnits: bigint, block?: number) =>
  bench.node.send({ token: TOKEN, from: bench.key.wallet, to: CUSTOMER, baseUnits, block });

const blockCalls = () =>
  bench.node.calls.filter((call) => call.call === "/wallet/gettransactioninfobyblocknum");

describe("the TRON payout watcher", () => {
  it("records a payout as seen, then final once its block is deep enough, in base58 and exact", async () => {
    const hash = payout(100_500_001n);
    expect(await watch()).toMatchObject({ scanned: true, from: 951n, to: 1001n, nextBlock: 1002n });
    expect(await transfersOf()).toEqual([
      {
        tx_hash: hash,
        log_index: 0,
        direction: "out",
        from_address: bench.key.wallet,
        to_address: CUSTOMER,
        amount: "100.500001",
        state: "seen",
        confirmations: 1,
        match_state: "waiting",
        block_number: "1001",
      },
    ]);
    bench.node.head = 1003;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "seen", confirmations: 3 }]);
    bench.node.head = 1005;
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "final", confirmations: 5 }]);
    expect(String((await cursorOf()).next_block)).toBe("1006");
  });

  it("asks the head and each new block once when it keeps up, and a seen transfer's block once more", async () => {
    await watch();
    bench.node.calls = [];
    payout(ONE, 1001);
    for (let round = 0; round < 10; round += 1) {
      bench.node.head += 2;
      await watch();
    }
    const asked = blockCalls().map((call) => call.block);
    // Blocks 1001-1020 once each; 1001 again once 5 deep, when its transfer became final.
    expect(asked.filter((block) => block !== 1001)).toHaveLength(19);
    expect(new Set(asked).size).toBe(20);
    expect(asked.filter((block) => block === 1001)).toHaveLength(2);
    expect(bench.node.calls.filter((call) => call.call === "/wallet/getnowblock")).toHaveLength(10);
    expect(await transfersOf()).toMatchObject([{ state: "final" }]);
  });

  it("records a transfer into the wallet as incoming, waiting for the sell orders' matcher, at its block's time", async () => {
    const hash = bench.node.send({
      token: TOKEN,
      from: CUSTOMER,
      to: bench.key.wallet,
      baseUnits: 250n * ONE,
      block: 990,
    });
    await watch();
    expect(await transfersOf()).toMatchObject([
      { direction: "in", amount: "250", state: "final", match_state: "waiting" },
    ]);
    expect(await bench.blockTimeOf(hash)).toBe(blockTime(990));
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
    expect(await transfersOf()).toMatchObject([{ state: "removed", match_state: "waiting" }]);
  });

  it("never removes a seen transfer on one empty answer for its block (a lagging node): it is final once read again", async () => {
    const hash = payout(ONE);
    await watch();
    bench.node.head = 1010;
    bench.interrupt = (call, { num }) =>
      call === "/wallet/gettransactioninfobyblocknum" && num === 1001 ? { json: [] } : undefined;
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: hash, state: "seen" }]);
    bench.interrupt = undefined;
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: hash, state: "final" }]);
  });

  it("never passes a new block that a lagging node does not have yet (it answers it as empty): its transfer is recorded once the node has it", async () => {
    const hash = payout(ONE);
    // Behind a load balancer, the head came from a node ahead of the one asked for the block.
    bench.interrupt = (call, { num }) =>
      num === 1001 &&
      (call === "/wallet/gettransactioninfobyblocknum" || call === "/wallet/getblockbynum")
        ? { json: call === "/wallet/getblockbynum" ? {} : [] }
        : undefined;
    await expect(watch()).rejects.toThrow(/block 1001/);
    expect(String((await cursorOf()).next_block)).toBe("1001");
    expect(await transfersOf()).toEqual([]);
    bench.interrupt = undefined;
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: hash, state: "seen" }]);
  });

  it("keeps a seen transfer that a reorganisation moved to a later block", async () => {
    const hash = payout(ONE);
    await watch();
    bench.node.reorganiseFrom(1001);
    bench.node.send({
      token: TOKEN,
      from: bench.key.wallet,
      to: CUSTOMER,
      baseUnits: ONE,
      txId: hash,
      block: 1003,
    });
    bench.node.head = 1010;
    await watch();
    expect(await transfersOf()).toMatchObject([
      { tx_hash: hash, state: "final", block_number: "1003" },
    ]);
  });

  it.each([
    ["fails", { drop: true } as FakeChainAnswer, /could not be reached/],
    [
      "answers no JSON",
      { garbage: "<html>502</html>" } as FakeChainAnswer,
      /not in the chain's format/,
    ],
    [
      "answers another block",
      { json: [{ id: "ab".repeat(32), blockNumber: 1, log: [] }] } as FakeChainAnswer,
      /answered block 970 with a transaction of block 1/,
    ],
  ])(
    "stops before a block the node %s, and reads it next pass: nothing skipped",
    async (_, answer, error) => {
      payout(ONE, 960);
      payout(2n * ONE, 975);
      bench.interrupt = (call, { num }) =>
        call === "/wallet/gettransactioninfobyblocknum" && num === 970 ? answer : undefined;
      await expect(watch()).rejects.toThrow(error);
      // The blocks before the gap are written; the cursor waits at it.
      expect(await transfersOf()).toMatchObject([{ amount: "1", state: "final" }]);
      const stuck = await cursorOf();
      expect(String(stuck.next_block)).toBe("970");
      expect(stuck.last_error).toMatch(error);

      bench.interrupt = undefined;
      expect(await watch()).toMatchObject({ from: 970n, nextBlock: 1001n });
      expect(await transfersOf()).toMatchObject([
        { amount: "1", state: "final" },
        { amount: "2", state: "final" },
      ]);
      expect((await cursorOf()).last_error).toBeNull();
    },
  );

  it("writes nothing of a pass whose lease another process took, and every transfer once after", async () => {
    payout(ONE, 960);
    payout(2n * ONE, 980);
    // Mid-batch, this process stalls past its lease and another takes the wallet.
    let takeover: Promise<unknown> | undefined;
    bench.interrupt = (_, { num }) => {
      // Once: an empty block is asked for twice (its transactions, then its header).
      if (num === 990 && !takeover) {
        takeover = bench.testApp.db
          .updateTable("chain_watch_cursors")
          .set({ lease_id: randomUUID() })
          .where("wallet_address", "=", bench.key.wallet)
          .execute();
      }
      return undefined;
    };
    // The takeover is queued before the pass's writes, which then find the lease gone.
    expect(await watch()).toEqual({ scanned: false });
    expect(await transfersOf()).toEqual([]);
    // On PostgreSQL it runs on a connection of its own: done before the lease is freed below.
    await takeover;

    bench.interrupt = undefined;
    await bench.testApp.db
      .updateTable("chain_watch_cursors")
      .set({ lease_id: null, leased_until: null })
      .where("wallet_address", "=", bench.key.wallet)
      .execute();
    await watch();
    // A process restarted from an older cursor reads the blocks again: still two rows.
    await bench.testApp.db
      .updateTable("chain_watch_cursors")
      .set({ next_block: "950" })
      .where("wallet_address", "=", bench.key.wallet)
      .execute();
    await watch();
    expect(await transfersOf()).toMatchObject([
      { amount: "1", state: "final" },
      { amount: "2", state: "final" },
    ]);
  });

  it("ignores a look-alike token's transfer, and takes a failed call's as failed", async () => {
    const lookAlike = randomTronAddress();
    bench.node.send({
      token: lookAlike,
      from: bench.key.wallet,
      to: CUSTOMER,
      baseUnits: ONE,
      block: 960,
    });
    const failed = bench.node.send({
      token: TOKEN,
      from: bench.key.wallet,
      to: CUSTOMER,
      baseUnits: ONE,
      block: 961,
      failed: true,
    });
    // Someone else's USDT in the same block is no business of the wallet's either.
    bench.node.send({
      token: TOKEN,
      from: CUSTOMER,
      to: randomTronAddress(),
      baseUnits: ONE,
      block: 961,
    });
    await watch();
    expect(await transfersOf()).toMatchObject([{ tx_hash: failed, state: "failed" }]);
  });
});

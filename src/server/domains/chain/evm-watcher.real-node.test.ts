import { type Address, encodeFunctionData, erc20Abi } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NetworkChain } from "../../platform/config/chain-config";
import { startFakeChain } from "../../testing/fake-chain";
import { baseUnitsOf } from "../../testing/fake-evm-node";
import { type RealEvmNode, startRealEvmNode } from "../../testing/real-evm-node";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { walletTransfersOf } from "../../testing/watched-desk";
import { watchEvmWallet } from "./evm-watcher";

/*
 * The EVM payout watcher against a real node (docs/decisions/054): a real ERC-20's
 * Transfer logs and receipts, blocks mined on request, and reorganisations made by
 * reverting the node to a snapshot. What a real node will not do on request (lie,
 * refuse a range, drop the connection) stays with the stand-in: evm-watcher.test.ts.
 */

const CONFIRMATIONS = 5;
const LIMITS = { maxBlocks: 1_000n, startBehind: 1_000n };
const usdt = (amount: string) => baseUnitsOf(amount, 6);

let node: RealEvmNode;
let endpoint: Awaited<ReturnType<typeof startFakeChain>>;
let testApp: TestApp;
let token: Address;
let chain: NetworkChain;
/** This test's desk wallet: its own cursor and transfers. */
let desk: PrivateKeyAccount;

beforeAll(async () => {
  node = await startRealEvmNode();
  endpoint = await startFakeChain(node.respond);
  testApp = await createTestApp();
  token = await node.deployDollar("USDT");
  chain = {
    endpoint: { url: endpoint.url, timeoutMs: 5_000, confirmations: CONFIRMATIONS },
    token,
    decimals: 6,
  };
});
afterAll(async () => {
  await testApp?.close();
  await endpoint?.close();
});
beforeEach(async () => {
  desk = await node.newWallet();
});

const key = () => ({ network: "erc20" as const, wallet: desk.address.toLowerCase() });
const watch = () => watchEvmWallet(testApp.db, key(), chain, LIMITS);
const transfersOf = () => walletTransfersOf(testApp.db, key());
const newAddress = async () => (await node.newWallet()).address;

describe("the EVM payout watcher on a real node", () => {
  it("records a real transfer in and one out, exactly, each final after the confirmations", async () => {
    const customer = await newAddress();
    const deposit = await node.fund(token, desk.address, usdt("250.000001"));
    const payout = await node.transfer(token, desk, customer, usdt("100.5"));
    await watch();
    expect(await transfersOf()).toEqual([
      {
        tx_hash: deposit.transactionHash,
        log_index: 0,
        direction: "in",
        from_address: deposit.from,
        to_address: key().wallet,
        amount: "250.000001",
        state: "seen",
        confirmations: 2,
        match_state: "waiting",
        block_number: String(deposit.blockNumber),
      },
      {
        tx_hash: payout.transactionHash,
        log_index: 0,
        direction: "out",
        from_address: key().wallet,
        to_address: customer.toLowerCase(),
        amount: "100.5",
        state: "seen",
        confirmations: 1,
        match_state: "waiting",
        block_number: String(payout.blockNumber),
      },
    ]);

    // The deposit's block is now CONFIRMATIONS deep, the payout's one less.
    await node.chain.mine({ blocks: CONFIRMATIONS - 2 });
    await watch();
    expect(await transfersOf()).toMatchObject([
      { state: "final", confirmations: CONFIRMATIONS },
      { state: "seen", confirmations: CONFIRMATIONS - 1 },
    ]);
    await node.chain.mine({ blocks: 1 });
    const pass = await watch();
    expect(pass).toMatchObject({ scanned: true, nextBlock: payout.blockNumber + 1n });
    expect(await transfersOf()).toMatchObject([{ state: "final" }, { state: "final" }]);
  });

  it("reads each Transfer log of one batched transaction as a transfer of its own, with its log index", async () => {
    const exchange = await node.newWallet();
    const sender = await node.deployBatchSender();
    const other = await newAddress();
    await node.fund(token, exchange.address, usdt("60"));
    const batch = await node.sendBatch(sender, token, exchange, [
      { to: desk.address, baseUnits: usdt("10") },
      { to: other, baseUnits: usdt("20") },
      { to: desk.address, baseUnits: usdt("30") },
    ]);
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await watch();
    const logIndexes = batch.logs.map((log) => log.logIndex);
    expect(logIndexes).toEqual([0, 1, 2]);
    expect(await transfersOf()).toMatchObject([
      { tx_hash: batch.transactionHash, log_index: 0, direction: "in", amount: "10" },
      { tx_hash: batch.transactionHash, log_index: 2, direction: "in", amount: "30" },
    ]);
  });

  it("records nothing of a transfer that reverted: a real node lists no log of it", async () => {
    await node.fund(token, desk.address, usdt("5"));
    const reverted = await node.transfer(token, desk, await newAddress(), usdt("6"));
    expect(reverted.status).toBe("reverted");
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await watch();
    expect(await transfersOf()).toMatchObject([{ direction: "in", amount: "5", state: "final" }]);
  });

  it("removes a transfer a reorganisation took back before it was final, and records the chain that replaced it", async () => {
    await node.fund(token, desk.address, usdt("50"));
    await node.chain.mine({ blocks: CONFIRMATIONS });
    const beforePayout = await node.chain.snapshot();
    const customer = await newAddress();
    const undone = await node.transfer(token, desk, customer, usdt("20"));
    await watch();
    expect(await transfersOf()).toMatchObject([
      { state: "final" },
      { tx_hash: undone.transactionHash, state: "seen" },
    ]);

    // Another chain from before the payout, longer than the one the watcher saw.
    await node.chain.revert({ id: beforePayout });
    const instead = await node.transfer(token, desk, customer, usdt("21"));
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await watch();
    expect(await transfersOf()).toMatchObject([
      { amount: "50", state: "final" },
      { tx_hash: undone.transactionHash, state: "removed", match_state: "waiting" },
      { tx_hash: instead.transactionHash, amount: "21", state: "final" },
    ]);
  });

  it("takes a transfer back up when the reorganised chain mines the same transaction in a later block", async () => {
    await node.fund(token, desk.address, usdt("50"));
    await node.chain.mine({ blocks: CONFIRMATIONS });
    const beforePayout = await node.chain.snapshot();
    // One signed transaction, as it waits in the network's pool while blocks change.
    const payout = await node.chain.signTransaction(
      await node.chain.prepareTransactionRequest({
        account: desk,
        to: token,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [await newAddress(), usdt("20")],
        }),
      }),
    );
    const first = await node.mined(
      node.chain.sendRawTransaction({ serializedTransaction: payout }),
    );
    await watch();
    expect(await transfersOf()).toMatchObject([{}, { state: "seen" }]);

    await node.chain.revert({ id: beforePayout });
    await node.chain.mine({ blocks: 1 });
    const again = await node.mined(
      node.chain.sendRawTransaction({ serializedTransaction: payout }),
    );
    expect(again).toMatchObject({ transactionHash: first.transactionHash });
    expect(again.blockNumber).toBe(first.blockNumber + 1n);
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await watch();
    expect(await transfersOf()).toMatchObject([
      { amount: "50", state: "final" },
      {
        tx_hash: first.transactionHash,
        state: "final",
        block_number: String(again.blockNumber),
      },
    ]);
  });

  it("keeps a final transfer final when the chain is reorganised deeper than the confirmations", async () => {
    const beforeDeposit = await node.chain.snapshot();
    const deposit = await node.fund(token, desk.address, usdt("70"));
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await watch();
    expect(await transfersOf()).toMatchObject([{ state: "final" }]);

    await node.chain.revert({ id: beforeDeposit });
    await node.chain.mine({ blocks: 2 * CONFIRMATIONS });
    await watch();
    // The desk's confirmations are the depth it trusts: past them nothing is read again.
    expect(await transfersOf()).toMatchObject([
      { tx_hash: deposit.transactionHash, state: "final" },
    ]);
  });
});

import { type Address, formatEther, getAddress, type TransactionReceipt } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainDecimal } from "../../../shared/money";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { baseUnitsOf } from "../../testing/fake-evm-node";
import { placeOrder } from "../../testing/orders";
import { type RealEvmNode, startRealEvmNode } from "../../testing/real-evm-node";
import { insertSale } from "../../testing/sales";
import type { TestApp } from "../../testing/test-app";
import { freshEvmWallet, startWatchedDesk } from "../../testing/watched-desk";

/*
 * Payouts and deposits on ERC20 checked against a real node (docs/decisions/054): the
 * desk's wallet pays with a real ERC-20, the operator types the transaction's hash or
 * the watcher finds it, and the order closes only once the real receipt holds the
 * payout with the confirmations. payout-checks.test.ts keeps the stand-ins for what a
 * real node will not do on request: answer garbage, time out, forget a hash.
 */

/** startWatchedDesk's confirmations. */
const CONFIRMATIONS = 5;
const usdt = (amount: string) => baseUnitsOf(amount, 6);

let node: RealEvmNode;
let watched: Awaited<ReturnType<typeof startWatchedDesk>>;
let testApp: TestApp;
let admin: Client;
let customer: Client & { userId: string; email: string };
/** The desk's payout wallet, which also receives the sales' deposits. */
let desk: PrivateKeyAccount;
let token: Address;

beforeAll(async () => {
  node = await startRealEvmNode();
  token = await node.deployDollar("USDT");
  desk = await node.newWallet();
  await node.fund(token, desk.address, usdt("10000"));
  watched = await startWatchedDesk(node, desk.address.toLowerCase(), "erc20", {
    CHAIN_TOKEN_ERC20: token,
  });
  testApp = watched.testApp;
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(() => watched?.close());

/** A paid order (8,600 INR: 100 USDT) to a wallet of its own unless said, verified by the operator. */
async function verifiedOrder(amount = "8600", wallet = freshEvmWallet()) {
  const order = await placeOrder(customer, { network: "erc20", walletAddress: wallet, amount });
  const verified = await admin.post(`/api/admin/orders/${order.id}/status`, {
    status: "processing",
  });
  expect(verified.status, verified.text).toBe(200);
  return { ...order, wallet: getAddress(wallet) };
}

/** The operator marks the order paid by this transaction; the payout check runs once. */
async function completeWith(orderId: string, receipt: TransactionReceipt) {
  const response = await admin.post(`/api/admin/orders/${orderId}/status`, {
    status: "completed",
    payoutTxHash: receipt.transactionHash,
  });
  expect(response.status, response.text).toBe(202);
  await testApp.payoutChecks.checkDue();
  return adminView(orderId);
}

async function adminView(orderId: string) {
  const response = await admin.get(`/api/admin/orders/${orderId}`);
  expect(response.status).toBe(200);
  return response.json;
}

const checkOf = (orderId: string) =>
  testApp.db
    .selectFrom("payout_checks")
    .select(["transfer_index", "fee_paid", "fee_coin"])
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();

describe("a payout hash checked on a real node", () => {
  it("closes the order once the real transfer has the confirmations, its fee from the receipt", async () => {
    const order = await verifiedOrder();
    const payout = await node.transfer(token, desk, order.wallet, usdt("100"));
    expect(await completeWith(order.id, payout)).toMatchObject({
      status: "processing",
      payoutCheck: { state: "awaiting_confirmations" },
    });

    await node.chain.mine({ blocks: CONFIRMATIONS - 2 });
    await testApp.payoutChecks.checkDue();
    expect((await adminView(order.id)).payoutCheck.state).toBe("awaiting_confirmations");
    await node.chain.mine({ blocks: 1 });
    await testApp.payoutChecks.checkDue();
    expect(await adminView(order.id)).toMatchObject({
      status: "completed",
      payoutTxHash: payout.transactionHash,
      payoutCheck: { state: "confirmed" },
    });
    const check = await checkOf(order.id);
    expect({ ...check, fee_paid: plainDecimal(check.fee_paid ?? "-1") }).toEqual({
      transfer_index: 0,
      fee_paid: formatEther(payout.gasUsed * payout.effectiveGasPrice),
      fee_coin: "ETH",
    });
  });

  it.each([
    [
      "a transfer to another wallet",
      "WRONG_RECIPIENT",
      "The USDT went to another address than the order's wallet.",
      async () => node.transfer(token, desk, (await node.newWallet()).address, usdt("100")),
    ],
    [
      "a transfer of another amount",
      "WRONG_AMOUNT",
      "The wallet received 99.99 USDT, not 100.",
      async (wallet: Address) => node.transfer(token, desk, wallet, usdt("99.99")),
    ],
    [
      "a transfer of another token",
      "WRONG_TOKEN",
      "The transaction moves no USDT of this network.",
      async (wallet: Address) => {
        const lookAlike = await node.deployDollar("USDT");
        await node.fund(lookAlike, desk.address, usdt("100"));
        return node.transfer(lookAlike, desk, wallet, usdt("100"));
      },
    ],
    [
      "a transfer that reverted (more than the wallet holds)",
      "TX_FAILED",
      "The transaction failed on chain.",
      async (wallet: Address) => node.transfer(token, desk, wallet, usdt("1000000")),
    ],
  ] as const)("refuses %s (%s), the order left open", async (_name, code, message, pay) => {
    const order = await verifiedOrder();
    const receipt = await pay(order.wallet);
    await node.chain.mine({ blocks: CONFIRMATIONS });
    expect(await completeWith(order.id, receipt)).toMatchObject({
      status: "processing",
      payoutTxHash: null,
      payoutCheck: { state: "failed", failureCode: code, failureMessage: message },
    });
  });

  it("closes two orders of one wallet paid by one batched transaction, each by its own transfer", async () => {
    const sender = await node.deployBatchSender();
    const first = await verifiedOrder("8600"); // 100 USDT
    const second = await verifiedOrder("4300", first.wallet); // 50 USDT
    const batch = await node.sendBatch(sender, token, desk, [
      { to: first.wallet, baseUnits: usdt("100") },
      { to: first.wallet, baseUnits: usdt("50") },
    ]);
    expect(batch.logs.map((log) => log.logIndex)).toEqual([0, 1]);
    await node.chain.mine({ blocks: CONFIRMATIONS });
    expect((await completeWith(first.id, batch)).status).toBe("completed");
    expect((await completeWith(second.id, batch)).status).toBe("completed");
    expect((await checkOf(first.id)).transfer_index).toBe(0);
    expect((await checkOf(second.id)).transfer_index).toBe(1);
  });
});

describe("the watcher on a real node", () => {
  it("completes the one order awaiting the desk's real payout, with no hash typed", async () => {
    const order = await verifiedOrder();
    const payout = await node.transfer(token, desk, order.wallet, usdt("100"));
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await testApp.payoutWatch.watchOnce();
    await testApp.payoutChecks.checkDue();
    expect(await adminView(order.id)).toMatchObject({
      status: "completed",
      payoutTxHash: payout.transactionHash,
    });
  });

  it("never credits a sale with a deposit a reorganisation took back, and credits the one mined instead", async () => {
    const sale = await insertSale(testApp.db, customer, {
      network: "erc20",
      depositAddress: desk.address,
      depositUsdt: "123.45",
    });
    const seller = await node.newWallet();
    await node.fund(token, seller.address, usdt("123.45"));
    const beforeDeposit = await node.chain.snapshot();
    const undone = await node.transfer(token, seller, desk.address, usdt("123.45"));
    await testApp.payoutWatch.watchOnce();
    expect(await transferOf(undone.transactionHash)).toMatchObject({ state: "seen" });

    await node.chain.revert({ id: beforeDeposit });
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await testApp.payoutWatch.watchOnce();
    expect(await transferOf(undone.transactionHash)).toMatchObject({
      state: "removed",
      sell_order_id: null,
    });
    expect(await saleOf(sale.id)).toMatchObject({ status: "awaiting_deposit" });

    // The customer sends it again; this one stays on the chain.
    const deposit = await node.transfer(token, seller, desk.address, usdt("123.45"));
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await testApp.payoutWatch.watchOnce();
    expect(await saleOf(sale.id)).toMatchObject({
      status: "received",
      deposit_tx_hash: deposit.transactionHash,
    });
  });
});

const transferOf = (hash: string) =>
  testApp.db
    .selectFrom("chain_transfers")
    .selectAll()
    .where("tx_hash", "=", hash)
    .executeTakeFirstOrThrow();

const saleOf = (id: string) =>
  testApp.db.selectFrom("sell_orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

import {
  encodeAbiParameters,
  erc20Abi,
  formatEther,
  keccak256,
  type LocalAccount,
  pad,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../server/testing/actors";
import { placeOrder, TRON_WALLET } from "../../server/testing/orders";
import { freshEvmWallet } from "../../server/testing/watched-desk";
import { PayoutRefused } from "../payout-policy";
import { type PayingDesk, startPayingDesk, usdt } from "../testing/paying-desk";
import { settleSends } from "./evm-hot-wallet";
import { broadcastKept, type EvmPayoutChain, payOrder, signPayout } from "./evm-payouts";

/*
 * The signer pays verified orders on a real node with a real ERC-20, from a key in
 * SoftHSM2, once each (decision 057): asked twice, at once, or again after stopping
 * between signing, broadcasting and recording, one transaction reaches the chain.
 */

const CONFIRMATIONS = 5;

let desk: PayingDesk;
let account: LocalAccount;
let node: PayingDesk["node"];
let testApp: PayingDesk["testApp"];
/** The database as the signer's process sees it: its own role on PostgreSQL. */
let signerDb: PayingDesk["signerDb"];
let admin: PayingDesk["admin"];
let customer: PayingDesk["customer"];
let chain: EvmPayoutChain;

beforeAll(async () => {
  desk = await startPayingDesk();
  ({ account, node, testApp, signerDb, admin, customer, chain } = desk);
});
afterAll(() => desk?.close());

/** Autopilot on ERC20 with room for every payout these tests make. */
const OPEN_LIMITS = { enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" };

const setLimits: PayingDesk["setLimits"] = (limits) => desk.setLimits(limits);
const verifiedOrder: PayingDesk["verifiedOrder"] = (overrides, placedBy) =>
  desk.verifiedOrder(overrides, placedBy);
const balanceOf: PayingDesk["balanceOf"] = (address) => desk.balanceOf(address);
const senderNonce = () => desk.senderNonce();
const keptSends = (orderId: string) => desk.keptSends(orderId);

/** Expects the order refused for `why`, nothing kept and no nonce spent. */
async function expectRefused(orderId: string, why: RegExp) {
  const before = await senderNonce();
  await expect(payOrder(signerDb, chain, account, orderId)).rejects.toThrow(why);
  expect(await keptSends(orderId)).toHaveLength(0);
  expect(await senderNonce()).toBe(before);
}

describe("the signer paying verified orders on a real EVM node", () => {
  it("pays a verified order by itself, and the watcher completes it with no operator click after verifying", async () => {
    const order = await verifiedOrder();
    const send = await payOrder(signerDb, chain, account, order.id);
    await node.chain.mine({ blocks: CONFIRMATIONS });
    await testApp.payoutWatch.watchOnce();
    await testApp.payoutChecks.checkDue();

    const view = await admin.get(`/api/admin/orders/${order.id}`);
    expect(view.json).toMatchObject({ status: "completed", payoutTxHash: send.txHash });
    expect(await balanceOf(order.wallet)).toBe(usdt("100"));
    const receipt = await node.chain.getTransactionReceipt({ hash: send.txHash });
    expect(receipt.from).toBe(account.address.toLowerCase());
  });

  it("sends one transaction for an order asked for twice at once, and again later", async () => {
    const order = await verifiedOrder();
    const before = await senderNonce();
    const [first, second] = await Promise.all([
      payOrder(signerDb, chain, account, order.id),
      payOrder(signerDb, chain, account, order.id),
    ]);
    const third = await payOrder(signerDb, chain, account, order.id);
    expect(new Set([first.txHash, second.txHash, third.txHash]).size).toBe(1);
    expect(await senderNonce()).toBe(before + 1);
    expect(await balanceOf(order.wallet)).toBe(usdt("100"));
    expect(await keptSends(order.id)).toHaveLength(1);
  });

  it("after a stop between signing and broadcasting, sends the kept bytes, and only them", async () => {
    const order = await verifiedOrder();
    const signed = await signPayout(signerDb, chain, account, order.id);
    expect(await node.chain.getTransaction({ hash: signed.txHash }).catch(() => null)).toBeNull();

    // The signer starts again: what it kept goes out as it was signed.
    expect(await broadcastKept(signerDb, chain)).toBe(1);
    const receipt = await node.chain.getTransactionReceipt({ hash: signed.txHash });
    expect(receipt.status).toBe("success");
    expect((await payOrder(signerDb, chain, account, order.id)).txHash).toBe(signed.txHash);
    expect(await balanceOf(order.wallet)).toBe(usdt("100"));
    expect(await broadcastKept(signerDb, chain)).toBe(0);
  });

  it("after a stop between broadcasting and recording it, sends it again harmlessly: the node has it, nothing new is signed", async () => {
    const order = await verifiedOrder();
    const signed = await signPayout(signerDb, chain, account, order.id);
    await node.chain.sendRawTransaction({ serializedTransaction: signed.signedTx });
    const nonceAfter = await senderNonce();

    expect(await broadcastKept(signerDb, chain)).toBe(1);
    expect(await senderNonce()).toBe(nonceAfter);
    expect(await balanceOf(order.wallet)).toBe(usdt("100"));
    const [kept] = await keptSends(order.id);
    expect(kept?.broadcast_at).toBeInstanceOf(Date);
  });

  it("leaves an operator no second payout of an order autopilot sent: no other hash, no cancel, no change without the hash", async () => {
    const order = await verifiedOrder();
    const send = await payOrder(signerDb, chain, account, order.id);
    for (const change of [
      { status: "completed", payoutTxHash: `0x${"cd".repeat(32)}` },
      { status: "completed" },
      { status: "cancelled", note: "customer asked" },
      { status: "pending" },
    ]) {
      const refused = await admin.post(`/api/admin/orders/${order.id}/status`, change);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json.code).toBe("AUTOPILOT_SENT");
      expect(refused.text).toContain(
        `Autopilot has sent this order's USDT in transaction ${send.txHash}`,
      );
    }
    const view = await admin.get(`/api/admin/orders/${order.id}`);
    expect(view.json).toMatchObject({ status: "processing", payoutTxHash: null });
    // The transaction autopilot sent is the one an operator may record.
    const recorded = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "completed",
      payoutTxHash: send.txHash,
    });
    expect(recorded.status, recorded.text).toBeLessThan(300);
  });

  it("settles a payout that reverted on chain: its fee written, no USDT moved, never signed again, and the order an operator's again", async () => {
    const order = await verifiedOrder();
    const signed = await signPayout(signerDb, chain, account, order.id);
    // The hot wallet's USDT gone between signing and mining (frozen by the issuer, say):
    // its balance in the token's storage (OpenZeppelin's balances, slot 0) set to none.
    const slot = keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [account.address, 0n]),
    );
    const held = (await node.chain.getStorageAt({ address: chain.token, slot })) ?? pad("0x0");
    const coinBefore = await node.chain.getBalance({ address: account.address });
    await node.chain.setStorageAt({ address: chain.token, index: slot, value: pad("0x0") });
    try {
      expect(await broadcastKept(signerDb, chain)).toBe(1);
    } finally {
      await node.chain.setStorageAt({ address: chain.token, index: slot, value: held });
    }
    const coinAfter = await node.chain.getBalance({ address: account.address });
    expect(await settleSends(signerDb, chain)).toContain(order.id);
    const [kept] = await keptSends(order.id);
    expect(kept).toMatchObject({ reverted: true, fee_paid: formatEther(coinBefore - coinAfter) });
    expect(await balanceOf(order.wallet)).toBe(0n);

    // Autopilot never signs it again: its one nonce is spent.
    const nonce = await senderNonce();
    expect((await payOrder(signerDb, chain, account, order.id)).txHash).toBe(signed.txHash);
    expect(await senderNonce()).toBe(nonce);
    const view = await admin.get(`/api/admin/orders/${order.id}`);
    expect(view.json.autopilot.sent).toMatchObject({ txHash: signed.txHash, reverted: true });
    // An operator pays it by hand: another payout is no longer refused.
    const byHand = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "completed",
      payoutTxHash: `0x${"ce".repeat(32)}`,
    });
    expect(byHand.status, byHand.text).toBeLessThan(300);
  });

  it("gives each payout the sender's next nonce, with no gap, when many are paid at once", async () => {
    const orders = [];
    for (let count = 0; count < 6; count += 1) orders.push(await verifiedOrder());
    const first = await senderNonce();
    const sends = await Promise.all(
      orders.map((order) => payOrder(signerDb, chain, account, order.id)),
    );
    const nonces = sends.map((send) => Number(send.nonce)).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 6 }, (_, index) => first + index));
    for (const order of orders) expect(await balanceOf(order.wallet)).toBe(usdt("100"));
  });

  it("refuses, signing nothing, an order whose payment is not verified, one held, and one of another network", async () => {
    const before = await senderNonce();
    const unverified = await placeOrder(customer, {
      network: "erc20",
      walletAddress: freshEvmWallet(),
      amount: "8600",
    });
    const held = await verifiedOrder();
    await testApp.db
      .insertInto("order_holds")
      .values({ order_id: held.id, rules: ["first_order"] })
      .execute();
    const tron = await placeOrder(customer, { amount: "8600" });

    for (const [orderId, why] of [
      [unverified.id, /not verified/],
      [held.id, /held/],
      [tron.id, /not paid in USDT on erc20/],
      ["6f0f7f8e-0000-4000-8000-000000000000", /no such order/],
    ] as const) {
      await expect(payOrder(signerDb, chain, account, orderId)).rejects.toThrow(PayoutRefused);
      await expect(payOrder(signerDb, chain, account, orderId)).rejects.toThrow(why);
      expect(await keptSends(orderId)).toHaveLength(0);
    }
    expect(await senderNonce()).toBe(before);
  });
});

describe("autopilot's limits, enforced by the signer at signing", () => {
  it("sends nothing on a network until an operator turns it on, and then only for orders verified since", async () => {
    await setLimits({ enabled: false, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    const before = await verifiedOrder();
    await expectRefused(before.id, /autopilot is off on erc20/);
    await setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    // An operator may be paying it by hand already.
    await expectRefused(before.id, /verified before autopilot was turned on/);
    const since = await verifiedOrder();
    expect((await payOrder(signerDb, chain, account, since.id)).orderId).toBe(since.id);
  });

  it("never pays an order whose payout an operator recorded by hand", async () => {
    const order = await verifiedOrder();
    const recorded = await admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "completed",
      payoutTxHash: `0x${"ab".repeat(32)}`,
    });
    expect(recorded.status, recorded.text).toBeLessThan(300);
    await expectRefused(order.id, /payout by hand is recorded/);
  });

  it("refuses a payout above the most per payout, and one that would pass the day's most", async () => {
    await setLimits({ enabled: true, maxPayoutUsdt: "99.99", maxDayUsdt: "100000" });
    const order = await verifiedOrder();
    await expectRefused(order.id, /100 USDT is above the most per payout \(99\.99 USDT\)/);

    const { sent } = await testApp.db
      .selectFrom("autopilot_sends")
      .select((eb) => eb.fn.sum<string>("amount").as("sent"))
      .where("network", "=", "erc20")
      .executeTakeFirstOrThrow();
    // Room for one more payout of 100 in the day, not two.
    await setLimits({
      enabled: true,
      maxPayoutUsdt: "100",
      maxDayUsdt: String(Number(sent) + 150),
    });
    await payOrder(signerDb, chain, account, order.id);
    const next = await verifiedOrder();
    await expectRefused(next.id, /would pass the most per 24 hours/);
    await setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
  });

  it("refuses a payout whose fee could pass the network's most fee per payout, and pays it once that allows it", async () => {
    const block = await node.chain.getBlock();
    // Fees jump: the next block's base fee is 2,000 gwei, so 100,000 gas may cost 0.2 ETH and more.
    await node.chain.setNextBlockBaseFeePerGas({ baseFeePerGas: 2_000n * 10n ** 9n });
    await node.chain.mine({ blocks: 1 });
    try {
      await setLimits({ ...OPEN_LIMITS, maxFeePerPayout: "0.05" });
      const order = await verifiedOrder();
      await expectRefused(
        order.id,
        /its fee could reach 0\.\d+ ETH, above the most fee per payout \(0\.05 ETH\)/,
      );
      await setLimits({ ...OPEN_LIMITS, maxFeePerPayout: "1" });
      expect((await payOrder(signerDb, chain, account, order.id)).orderId).toBe(order.id);
    } finally {
      await node.chain.setNextBlockBaseFeePerGas({ baseFeePerGas: block.baseFeePerGas ?? 1n });
      await node.chain.mine({ blocks: 1 });
    }
  });

  it("signs nothing the hot wallet cannot pay: too little of the chain's coin for the fee, or too little USDT", async () => {
    const sender = account.address;
    const coin = await node.chain.getBalance({ address: sender });
    const order = await verifiedOrder();
    await node.chain.setBalance({ address: sender, value: 10n ** 12n });
    await expectRefused(order.id, /the hot wallet holds 0\.000001 ETH, less than the fee may be/);
    await node.chain.setBalance({ address: sender, value: coin });

    // Its USDT moved away, all but 99.5: the payout of 100 would fail on chain.
    const held = await balanceOf(sender);
    const sink = "0x000000000000000000000000000000000000dEaD";
    await node.chain.impersonateAccount({ address: sender });
    await node.chain.writeContract({
      account: sender,
      chain: null,
      address: desk.token,
      abi: erc20Abi,
      functionName: "transfer",
      args: [sink, held - usdt("99.5")],
    });
    await node.chain.stopImpersonatingAccount({ address: sender });
    try {
      await expectRefused(
        order.id,
        /the hot wallet holds 99\.5 USDT not yet on its way, less than the payout's 100/,
      );
    } finally {
      await node.fund(desk.token, sender, held);
    }
    expect((await payOrder(signerDb, chain, account, order.id)).orderId).toBe(order.id);
  });

  it("sends nothing anywhere while the switch is on, and again once it is off", async () => {
    const order = await verifiedOrder();
    const stopped = await admin.post("/api/admin/autopilot/stop", {});
    expect(stopped.json).toMatchObject({ stopped: true });
    await expectRefused(order.id, /autopilot is stopped/);
    const resumed = await admin.post("/api/admin/autopilot/resume", {});
    expect(resumed.json).toMatchObject({ stopped: false });
    expect((await payOrder(signerDb, chain, account, order.id)).orderId).toBe(order.id);
  });

  it("reads the blocklist again when it signs: a wallet listed after verifying is not paid", async () => {
    const order = await verifiedOrder();
    const listed = await admin.post("/api/admin/risk/blocklist", {
      kind: "wallet",
      value: order.wallet,
      reason: "reported stolen funds",
    });
    expect(listed.status, listed.text).toBe(201);
    await expectRefused(order.id, /on the blocklist/);
  });
});

describe("approvals before autopilot sends", () => {
  const approve = (by: Client, orderId: string) =>
    by.post(`/api/admin/autopilot/orders/${orderId}/approve`, {});
  const waiting = async (orderId: string) => {
    const activity = await admin.get("/api/admin/autopilot");
    expect(activity.status, activity.text).toBe(200);
    return activity.json.waiting.find((row: { orderId: string }) => row.orderId === orderId);
  };
  let secondAdmin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    secondAdmin = await signedInAdmin(testApp);
  });
  afterAll(() => setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" }));

  it("holds a payout above the one-approval amount until an operator approves it, then sends it", async () => {
    await setLimits({ ...OPEN_LIMITS, approveAboveUsdt: "99.99", secondApprovalAboveUsdt: "500" });
    const order = await verifiedOrder();
    await expectRefused(order.id, /waiting for approval: 0 of 1 operators approved/);
    expect(await waiting(order.id)).toMatchObject({ approvalsNeeded: 1, approvedBy: [] });

    const approved = await approve(admin, order.id);
    expect(approved.status, approved.text).toBe(200);
    expect(await waiting(order.id)).toBeUndefined();
    const send = await payOrder(signerDb, chain, account, order.id);
    expect(send.orderId).toBe(order.id);
    const audit = await testApp.db
      .selectFrom("audit_log")
      .select(["actor_email", "details"])
      .where("action", "=", "autopilot.payout_approved")
      .where("target_id", "=", order.id)
      .execute();
    expect(audit).toEqual([{ actor_email: admin.email, details: { amountUsdt: "100" } }]);
  });

  it("above the higher amount, waits for two distinct operators: the same one twice is refused", async () => {
    await setLimits({ ...OPEN_LIMITS, approveAboveUsdt: "10", secondApprovalAboveUsdt: "99.99" });
    const order = await verifiedOrder();
    expect((await approve(admin, order.id)).status).toBe(200);
    const again = await approve(admin, order.id);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("ALREADY_APPROVED");
    await expectRefused(order.id, /waiting for approval: 1 of 2 operators approved/);
    expect(await waiting(order.id)).toMatchObject({
      approvalsNeeded: 2,
      approvedBy: [admin.email],
    });

    const second = await approve(secondAdmin, order.id);
    expect(second.json).toEqual({
      orderId: order.id,
      approvedBy: [admin.email, secondAdmin.email],
    });
    expect((await payOrder(signerDb, chain, account, order.id)).orderId).toBe(order.id);
    const sentAgain = await approve(secondAdmin, order.id);
    expect(sentAgain.json.code).toBe("AUTOPILOT_SENT");
  });

  it("waits for one approval on a customer's first payout, and none once they have a completed order", async () => {
    await setLimits({ ...OPEN_LIMITS, approveFirstOrder: true });
    const newcomer = await signedInCustomer(testApp);
    const first = await verifiedOrder({}, newcomer);
    await expectRefused(first.id, /waiting for approval: 0 of 1/);
    // The desk's own customer has completed orders from the tests before.
    const regular = await verifiedOrder();
    expect((await payOrder(signerDb, chain, account, regular.id)).orderId).toBe(regular.id);
  });

  it("counts no approval written for the customer or by someone who is not an admin now", async () => {
    await setLimits({ ...OPEN_LIMITS, approveAboveUsdt: "10", secondApprovalAboveUsdt: "500" });
    const order = await verifiedOrder();
    const owner = await testApp.db
      .selectFrom("orders")
      .select("user_id")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    // Rows no operator's request could write: the customer's own, and a former admin's.
    await testApp.db
      .insertInto("autopilot_approvals")
      .values([
        { order_id: order.id, approved_by: owner.user_id, approved_by_email: "self@example.com" },
        { order_id: order.id, approved_by: secondAdmin.userId, approved_by_email: "x@example.com" },
      ])
      .execute();
    await testApp.db
      .updateTable("user")
      .set({ role: "user" })
      .where("id", "=", secondAdmin.userId)
      .execute();
    try {
      await expectRefused(order.id, /waiting for approval: 0 of 1/);
    } finally {
      await testApp.db
        .updateTable("user")
        .set({ role: "admin" })
        .where("id", "=", secondAdmin.userId)
        .execute();
    }
  });

  it("refuses an approval of the operator's own order, of one not verified, of one autopilot does not send, and of none, writing nothing", async () => {
    await setLimits({ ...OPEN_LIMITS, approveAboveUsdt: "10", secondApprovalAboveUsdt: "500" });
    const approvals = () =>
      testApp.db.selectFrom("autopilot_approvals").select("order_id").execute();
    const before = (await approvals()).length;

    const own = await verifiedOrder({}, secondAdmin);
    const ownApproval = await approve(secondAdmin, own.id);
    expect(ownApproval.status).toBe(403);
    expect(ownApproval.json.code).toBe("OWN_RECORD");

    const pending = await placeOrder(customer, {
      network: "erc20",
      walletAddress: freshEvmWallet(),
      amount: "8600",
    });
    expect((await approve(admin, pending.id)).json.code).toBe("NOT_VERIFIED");

    const onTron = await verifiedOrder({ network: "trc20", walletAddress: TRON_WALLET });
    const tron = await approve(admin, onTron.id);
    expect(tron.status).toBe(409);
    expect(tron.json.code).toBe("AUTOPILOT_OFF");

    expect((await approve(admin, crypto.randomUUID())).status).toBe(404);
    expect((await approve(admin, "not-an-id")).status).toBe(400);
    expect((await approve(customer, own.id)).status).toBe(403);
    expect((await approvals()).length).toBe(before);
  });
});

describe("Settings → Autopilot", () => {
  const auditRows = () =>
    testApp.db
      .selectFrom("audit_log")
      .select(["target_id", "details"])
      .where("target_id", "like", "autopilot%")
      .orderBy("created_at")
      .orderBy("id")
      .execute();

  it("refuses a limit that is not a USDT amount, a payout's most above the day's, or two approvals' amount below one's, naming the field and writing nothing", async () => {
    const before = (await auditRows()).length;
    const valid = {
      enabled: true,
      maxPayoutUsdt: "1",
      maxDayUsdt: "10",
      approveAboveUsdt: "5",
      secondApprovalAboveUsdt: "50",
      approveFirstOrder: true,
      maxFeePerPayout: "0.005",
      hotWalletCeilingUsdt: "20000",
    };
    for (const [changed, field] of [
      [{ maxPayoutUsdt: "-1" }, "maxPayoutUsdt"],
      [{ maxPayoutUsdt: "1.001" }, "maxPayoutUsdt"],
      [{ maxPayoutUsdt: "20" }, "maxPayoutUsdt"],
      [{ maxPayoutUsdt: "0" }, "maxPayoutUsdt"],
      [{ enabled: "yes" }, "enabled"],
      [{ approveAboveUsdt: "ten" }, "approveAboveUsdt"],
      [{ secondApprovalAboveUsdt: "4.99" }, "secondApprovalAboveUsdt"],
      [{ approveFirstOrder: "on" }, "approveFirstOrder"],
      [{ approveFirstOrder: undefined }, "approveFirstOrder"],
      [{ maxFeePerPayout: "0" }, "maxFeePerPayout"],
      [{ maxFeePerPayout: "0.0000000000000000001" }, "maxFeePerPayout"],
      [{ hotWalletCeilingUsdt: "0" }, "hotWalletCeilingUsdt"],
      [{ hotWalletCeilingUsdt: "5000.001" }, "hotWalletCeilingUsdt"],
      [{ hotWalletCeilingUsdt: undefined }, "hotWalletCeilingUsdt"],
    ] as const) {
      const body = { ...valid, ...changed };
      const response = await admin.request("PUT", "/api/admin/settings/autopilot/polygon", body);
      expect(response.status, response.text).toBe(400);
      expect(response.json.field).toBe(field);
    }
    const unknown = await admin.request("PUT", "/api/admin/settings/autopilot/dogecoin", valid);
    expect(unknown.status).toBe(400);
    expect((await auditRows()).length).toBe(before);
    const policy = await admin.get("/api/admin/settings/autopilot");
    expect(policy.json.networks).toContainEqual({
      network: "polygon",
      enabled: false,
      maxPayoutUsdt: "0",
      maxDayUsdt: "0",
      approveAboveUsdt: "1000",
      secondApprovalAboveUsdt: "10000",
      approveFirstOrder: true,
      maxFeePerPayout: "1",
      hotWalletCeilingUsdt: "10000",
    });
  });

  it("is the administrators' alone", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/settings/autopilot"],
      ["PUT", "/api/admin/settings/autopilot/erc20"],
      ["POST", "/api/admin/autopilot/stop"],
      ["POST", `/api/admin/autopilot/orders/${crypto.randomUUID()}/approve`],
    ] as const) {
      const limits = { enabled: true, maxPayoutUsdt: "1000000", maxDayUsdt: "1000000" };
      const response = await customer.request(method, path, method === "GET" ? undefined : limits);
      expect(response.status).toBe(403);
    }
    const policy = await admin.get("/api/admin/settings/autopilot");
    expect(policy.json.stopped).toBe(false);
    expect(policy.json.networks).toContainEqual(
      expect.objectContaining({ network: "erc20", maxPayoutUsdt: "1000" }),
    );
  });

  it("audits each change with the fields that changed, and the switch", async () => {
    await setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    const before = (await auditRows()).length;
    await setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" }); // no change
    await setLimits({ enabled: true, maxPayoutUsdt: "500", maxDayUsdt: "100000" });
    await admin.post("/api/admin/autopilot/stop", {});
    await admin.post("/api/admin/autopilot/stop", {}); // already stopped
    await admin.post("/api/admin/autopilot/resume", {});
    const rows = await auditRows();
    expect(rows.slice(before).map((row) => [row.target_id, row.details])).toEqual([
      ["autopilot.erc20", { maxPayoutUsdt: { from: "1000", to: "500" } }],
      ["autopilot", { stopped: { from: false, to: true } }],
      ["autopilot", { stopped: { from: true, to: false } }],
    ]);
  });
});

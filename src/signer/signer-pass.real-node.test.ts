import { createPublicClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PayingNetwork, passOverNetwork } from "./signer-pass";
import { type PayingDesk, startPayingDesk } from "./testing/paying-desk";

/*
 * One pass of the signer over a network, in the test's process, on the real node: it
 * pays what autopilot may pay, writes down what it refused and why, and tells the desk
 * it ran or failed; the Autopilot page's API shows all of it to the operators.
 */

let desk: PayingDesk;
let paying: PayingNetwork;

beforeAll(async () => {
  desk = await startPayingDesk();
  paying = { chain: desk.chain, account: desk.account };
});
afterAll(() => desk?.close());

const activity = async () => {
  const response = await desk.admin.get("/api/admin/autopilot");
  expect(response.status, response.text).toBe(200);
  return response.json;
};

describe("a pass of the signer, as the operators see it", () => {
  it("pays the orders it may, lists the one it refused with why, and the day's total against the most", async () => {
    await desk.setLimits({ enabled: true, maxPayoutUsdt: "100", maxDayUsdt: "100000" });
    const paid = await desk.verifiedOrder();
    const tooLarge = await desk.verifiedOrder({ amount: "17200" });

    const pass = await passOverNetwork(desk.testApp.db, paying);
    expect(pass).toEqual({ sent: [paid.id], refused: [tooLarge.id] });
    // Asked again at once, it neither pays twice nor asks the refused order again yet.
    expect(await passOverNetwork(desk.testApp.db, paying)).toEqual({ sent: [], refused: [] });

    const [send] = await desk.keptSends(paid.id);
    const seen = await activity();
    expect(seen.signers).toEqual([
      expect.objectContaining({
        network: "erc20",
        senderAddress: desk.account.address.toLowerCase(),
        running: true,
        lastError: null,
      }),
    ]);
    expect(seen.today).toContainEqual({
      network: "erc20",
      enabled: true,
      sentUsdt: "100",
      maxDayUsdt: "100000",
    });
    expect(seen.sends).toEqual([
      expect.objectContaining({
        orderId: paid.id,
        amountUsdt: "100",
        txHash: send?.tx_hash,
        toAddress: send?.to_address,
        orderStatus: "processing",
        broadcastAt: expect.any(String),
      }),
    ]);
    expect(seen.refused).toEqual([
      expect.objectContaining({
        orderId: tooLarge.id,
        network: "erc20",
        reason: "200 USDT is above the most per payout (100 USDT)",
      }),
    ]);
    // Each order's details say what autopilot did with it.
    const paidDetails = await desk.admin.get(`/api/admin/orders/${paid.id}`);
    expect(paidDetails.json.autopilot).toEqual({
      sent: {
        network: "erc20",
        txHash: send?.tx_hash,
        signedAt: expect.any(String),
        broadcastAt: expect.any(String),
      },
      refusal: null,
    });
    const refusedDetails = await desk.admin.get(`/api/admin/orders/${tooLarge.id}`);
    expect(refusedDetails.json.autopilot).toEqual({
      sent: null,
      refusal: {
        reason: "200 USDT is above the most per payout (100 USDT)",
        refusedAt: expect.any(String),
      },
    });
    await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
  });

  it("lists a payout waiting for approval apart from the refused, and pays it in the first pass after the approval", async () => {
    await desk.setLimits({
      enabled: true,
      maxPayoutUsdt: "1000",
      maxDayUsdt: "100000",
      approveAboveUsdt: "99.99",
      secondApprovalAboveUsdt: "1000",
    });
    const order = await desk.verifiedOrder();
    expect(await passOverNetwork(desk.testApp.db, paying)).toEqual({
      sent: [],
      refused: [order.id],
    });
    const seen = await activity();
    expect(seen.refused.map((row: { orderId: string }) => row.orderId)).not.toContain(order.id);
    expect(seen.waiting).toContainEqual(
      expect.objectContaining({ orderId: order.id, amountUsdt: "100", approvalsNeeded: 1 }),
    );
    // Not asked again, pass after pass, until an operator approves it.
    expect(await passOverNetwork(desk.testApp.db, paying)).toEqual({ sent: [], refused: [] });

    const approved = await desk.admin.post(`/api/admin/autopilot/orders/${order.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect(await passOverNetwork(desk.testApp.db, paying)).toEqual({
      sent: [order.id],
      refused: [],
    });
    const waitingIds = (await activity()).waiting.map((row: { orderId: string }) => row.orderId);
    expect(waitingIds).not.toContain(order.id);
    await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
  });

  it("writes down a pass whose node failed, pays nothing, and clears it once a pass goes through", async () => {
    const order = await desk.verifiedOrder();
    const overHttp = {
      ...paying.chain,
      client: createPublicClient({ transport: http(desk.nodeUrl) }),
    };
    desk.interrupt = () => ({ drop: true });
    const failed = await passOverNetwork(desk.testApp.db, { ...paying, chain: overHttp });
    expect(failed.sent).toEqual([]);
    expect(failed.error).toBeTruthy();
    expect(await desk.keptSends(order.id)).toEqual([]);
    expect((await activity()).signers[0].lastError).toBe(failed.error);

    desk.interrupt = undefined;
    expect(await passOverNetwork(desk.testApp.db, { ...paying, chain: overHttp })).toEqual({
      sent: [order.id],
      refused: [],
    });
    expect((await activity()).signers[0].lastError).toBeNull();
  });

  it("stops all sending by itself after three payouts in a row the hot wallet cannot afford, and says why", async () => {
    const sender = desk.account.address;
    const coin = await desk.node.chain.getBalance({ address: sender });
    const orders = [
      await desk.verifiedOrder(),
      await desk.verifiedOrder(),
      await desk.verifiedOrder(),
    ];
    await desk.node.chain.setBalance({ address: sender, value: 0n });
    try {
      const pass = await passOverNetwork(desk.testApp.db, paying);
      expect(pass.refused).toEqual(orders.map((order) => order.id));
    } finally {
      await desk.node.chain.setBalance({ address: sender, value: coin });
    }
    const seen = await activity();
    expect(seen.stopped).toBe(true);
    expect(seen.stoppedReason).toMatch(
      /^3 payouts in a row on erc20 could not be made: the hot wallet holds 0 ETH, less than the fee may be/,
    );
    const policy = await desk.admin.get("/api/admin/settings/autopilot");
    expect(policy.json).toMatchObject({ stopped: true, stoppedReason: seen.stoppedReason });
    const audited = await desk.testApp.db
      .selectFrom("audit_log")
      .select(["actor_id", "details"])
      .where("target_id", "=", "autopilot")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audited).toEqual({
      actor_id: null,
      details: { stopped: { from: false, to: true }, reason: seen.stoppedReason },
    });

    // The operator tops the wallet up and resumes: the reason goes, the count starts again.
    const resumed = await desk.admin.post("/api/admin/autopilot/resume", {});
    expect(resumed.json).toMatchObject({ stopped: false, stoppedReason: null });
    const signer = await desk.testApp.db
      .selectFrom("autopilot_signers")
      .select("shortfalls")
      .executeTakeFirstOrThrow();
    expect(signer.shortfalls).toBe(0);
  });

  it("is the administrators' alone", async () => {
    const response = await desk.customer.get("/api/admin/autopilot");
    expect(response.status).toBe(403);
  });
});

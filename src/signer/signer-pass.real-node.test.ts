import { createPublicClient, formatEther, formatUnits, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "../shared/money";
import { evmPayingNetwork } from "./evm/evm-paying-network";
import type { PayingNetwork } from "./paying-network";
import { passOverNetwork } from "./signer-pass";
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
  paying = evmPayingNetwork(desk.chain, desk.account);
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

    const pass = await passOverNetwork(desk.signerDb, paying);
    expect(pass).toEqual({ sent: [paid.id], refused: [tooLarge.id] });
    // Asked again at once, it neither pays twice nor asks the refused order again yet.
    expect(await passOverNetwork(desk.signerDb, paying)).toEqual({ sent: [], refused: [] });

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
      feesPaid: send?.fee_paid,
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
        feePaid: send?.fee_paid,
        reverted: false,
        lapsed: false,
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

  it("settles each payout's fee once its block is final, and shows the hot wallet against its ceiling", async () => {
    const sender = desk.account.address;
    const overHttp = {
      ...desk.chain,
      client: createPublicClient({ transport: http(desk.nodeUrl) }),
    };
    const order = await desk.verifiedOrder();
    const coinBefore = await desk.node.chain.getBalance({ address: sender });
    // A node whose final block is still the first: the payout is mined, not yet final.
    desk.interrupt = (method, params) =>
      method === "eth_getBlockByNumber" && (params as unknown[])[0] === "finalized"
        ? desk.node.respond(method, ["0x0", false])
        : undefined;
    try {
      const pass = await passOverNetwork(desk.signerDb, evmPayingNetwork(overHttp, desk.account));
      expect(pass).toEqual({ sent: [order.id], refused: [] });
    } finally {
      desk.interrupt = undefined;
    }
    expect(await desk.keptSends(order.id)).toEqual([
      expect.objectContaining({ fee_paid: null, reverted: null }),
    ]);
    await passOverNetwork(desk.signerDb, paying);
    const fee = formatEther(coinBefore - (await desk.node.chain.getBalance({ address: sender })));
    expect(await desk.keptSends(order.id)).toEqual([
      expect.objectContaining({ fee_paid: fee, reverted: false }),
    ]);
    expect((await activity()).sends).toContainEqual(
      expect.objectContaining({ orderId: order.id, feePaid: fee, reverted: false }),
    );

    // Above its ceiling, the page says how much to sweep to cold storage.
    await desk.setLimits({
      enabled: true,
      maxPayoutUsdt: "1000",
      maxDayUsdt: "100000",
      hotWalletCeilingUsdt: "25000",
    });
    await passOverNetwork(desk.signerDb, paying);
    const usdtHeld = formatUnits(await desk.balanceOf(sender), 6);
    const coinHeld = formatEther(await desk.node.chain.getBalance({ address: sender }));
    const [signer] = (await activity()).signers;
    expect(signer.hotWallet).toEqual({
      usdt: usdtHeld,
      coin: coinHeld,
      readAt: expect.any(String),
      ceilingUsdt: "25000",
      sweepUsdt: new Decimal(usdtHeld).minus(25000).toFixed(),
    });

    // /metrics has the hot wallet against its ceiling, the fees, and the payout's times
    // once the watcher has completed its order.
    await desk.node.chain.mine({ blocks: 5 });
    await desk.testApp.payoutWatch.watchOnce();
    await desk.testApp.payoutChecks.checkDue();
    const metrics = await desk.metrics();
    const series = (name: string) => {
      const line = metrics.split("\n").find((candidate) => candidate.startsWith(`${name} `));
      return line === undefined ? undefined : Number(line.slice(name.length + 1));
    };
    expect(series('rupeedesk_autopilot_hot_wallet_usdt{network="erc20"}')).toBe(Number(usdtHeld));
    expect(series('rupeedesk_autopilot_hot_wallet_ceiling_usdt{network="erc20"}')).toBe(25000);
    expect(series('rupeedesk_autopilot_fees_paid_total{network="erc20"}')).toBeGreaterThanOrEqual(
      Number(fee),
    );
    for (const times of ["verified_to_sent", "sent_to_final"]) {
      for (const quantile of ["0.5", "0.95"]) {
        const seconds = series(
          `rupeedesk_autopilot_${times}_seconds{network="erc20",quantile="${quantile}"}`,
        );
        expect(seconds, `${times} ${quantile}`).toBeGreaterThanOrEqual(0);
        expect(seconds).toBeLessThan(600);
      }
    }

    await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    await passOverNetwork(desk.signerDb, paying);
    expect((await activity()).signers[0].hotWallet.sweepUsdt).toBeNull();
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
    expect(await passOverNetwork(desk.signerDb, paying)).toEqual({
      sent: [],
      refused: [order.id],
    });
    const seen = await activity();
    expect(seen.refused.map((row: { orderId: string }) => row.orderId)).not.toContain(order.id);
    expect(seen.waiting).toContainEqual(
      expect.objectContaining({ orderId: order.id, amountUsdt: "100", approvalsNeeded: 1 }),
    );
    // Not asked again, pass after pass, until an operator approves it.
    expect(await passOverNetwork(desk.signerDb, paying)).toEqual({ sent: [], refused: [] });

    const approved = await desk.admin.post(`/api/admin/autopilot/orders/${order.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect(await passOverNetwork(desk.signerDb, paying)).toEqual({
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
      ...desk.chain,
      client: createPublicClient({ transport: http(desk.nodeUrl) }),
    };
    desk.interrupt = () => ({ drop: true });
    const failed = await passOverNetwork(desk.signerDb, evmPayingNetwork(overHttp, desk.account));
    expect(failed.sent).toEqual([]);
    expect(failed.error).toBeTruthy();
    expect(await desk.keptSends(order.id)).toEqual([]);
    expect((await activity()).signers[0].lastError).toBe(failed.error);

    desk.interrupt = undefined;
    expect(await passOverNetwork(desk.signerDb, evmPayingNetwork(overHttp, desk.account))).toEqual({
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
      const pass = await passOverNetwork(desk.signerDb, paying);
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

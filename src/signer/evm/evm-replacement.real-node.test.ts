import { sql } from "kysely";
import { formatEther, parseTransaction } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PayingDesk, startPayingDesk, usdt } from "../testing/paying-desk";
import { settleSends } from "./evm-hot-wallet";
import { payOrder, TRANSFER_GAS } from "./evm-payouts";
import { replaceStuckSends, STUCK_AFTER_SECONDS } from "./evm-replacement";

/*
 * A payout stuck below the fees blocks take, replaced on its own nonce with higher fees,
 * on a real node whose blocks are mined only when the test says: whichever of the two
 * transactions is mined, the customer is paid once and the send is settled by it.
 */

let desk: PayingDesk;

beforeAll(async () => {
  desk = await startPayingDesk();
});
afterAll(() => desk?.close());

const replace = () => replaceStuckSends(desk.signerDb, desk.chain, desk.account);

/** The payout of a new verified order, broadcast while the node mines nothing. */
async function payWhileNothingIsMined() {
  const order = await desk.verifiedOrder();
  await desk.node.chain.setAutomine(false);
  const send = await payOrder(desk.signerDb, desk.chain, desk.account, order.id);
  return { order, send };
}

/** The node took it longer ago than a payout may wait. */
const stuck = (orderId: string) =>
  desk.testApp.db
    .updateTable("autopilot_sends")
    .set({
      broadcast_at: sql<Date>`now() - make_interval(secs => ${STUCK_AFTER_SECONDS + 60})`,
    })
    .where("order_id", "=", orderId)
    .execute();

const replacedHashes = async (orderId: string) =>
  (
    await desk.testApp.db
      .selectFrom("autopilot_replaced_sends")
      .select("tx_hash")
      .where("order_id", "=", orderId)
      .execute()
  ).map((row) => row.tx_hash);

describe("a payout stuck below the fees blocks take", () => {
  it("is replaced on its own nonce with higher fees, and the customer is paid once", async () => {
    const { order, send } = await payWhileNothingIsMined();
    try {
      // Not stuck yet: a payout waits its time first.
      expect(await replace()).toEqual([]);
      await stuck(order.id);
      expect(await replace()).toEqual([order.id]);
      await desk.node.chain.mine({ blocks: 1 });
    } finally {
      await desk.node.chain.setAutomine(true);
    }
    const [kept] = await desk.keptSends(order.id);
    expect(kept?.tx_hash).not.toBe(send.txHash);
    const [before, after] = [send.signedTx, kept?.signed_tx as `0x${string}`].map((signed) =>
      parseTransaction(signed),
    );
    expect(after?.nonce).toBe(before?.nonce);
    expect(after?.to).toBe(before?.to);
    expect(after?.data).toBe(before?.data);
    expect(after?.maxFeePerGas).toBeGreaterThanOrEqual(((before?.maxFeePerGas ?? 0n) * 9n) / 8n);
    expect(await replacedHashes(order.id)).toEqual([send.txHash]);
    const seen = await desk.admin.get("/api/admin/autopilot");
    expect(seen.json.sends).toContainEqual(
      expect.objectContaining({ orderId: order.id, txHash: kept?.tx_hash, replaced: 1 }),
    );

    expect(await desk.balanceOf(order.wallet)).toBe(usdt("100"));
    expect(await settleSends(desk.signerDb, desk.chain)).toContain(order.id);
    const [settled] = await desk.keptSends(order.id);
    expect(settled).toMatchObject({ tx_hash: kept?.tx_hash, reverted: false });
    await expect(desk.node.chain.getTransactionReceipt({ hash: send.txHash })).rejects.toThrow();
  });

  it("is settled by the one it replaced when that one is mined after all, and the customer is paid once", async () => {
    const { order, send } = await payWhileNothingIsMined();
    let replacement: string | undefined;
    try {
      await stuck(order.id);
      expect(await replace()).toEqual([order.id]);
      replacement = (await desk.keptSends(order.id))[0]?.tx_hash;
      // A node that kept the first mines it: the replacement never is.
      await desk.node.chain.dropTransaction({ hash: replacement as `0x${string}` });
      await desk.node.chain.sendRawTransaction({ serializedTransaction: send.signedTx });
      await desk.node.chain.mine({ blocks: 1 });
    } finally {
      await desk.node.chain.setAutomine(true);
    }
    // Its nonce used, it is never replaced again.
    await stuck(order.id);
    expect(await replace()).toEqual([]);

    expect(await settleSends(desk.signerDb, desk.chain)).toContain(order.id);
    const [settled] = await desk.keptSends(order.id);
    expect(settled).toMatchObject({
      tx_hash: send.txHash,
      signed_tx: send.signedTx,
      reverted: false,
    });
    expect(await replacedHashes(order.id)).toEqual([replacement]);
    expect(await desk.balanceOf(order.wallet)).toBe(usdt("100"));
  });

  it("waits instead when the fees a replacement takes would pass the most fee per payout", async () => {
    const { order, send } = await payWhileNothingIsMined();
    try {
      const offered = parseTransaction(send.signedTx).maxFeePerGas ?? 0n;
      await desk.setLimits({
        enabled: true,
        maxPayoutUsdt: "1000",
        maxDayUsdt: "100000",
        maxFeePerPayout: formatEther(TRANSFER_GAS * offered),
      });
      await stuck(order.id);
      expect(await replace()).toEqual([]);
      const [kept] = await desk.keptSends(order.id);
      expect(kept?.tx_hash).toBe(send.txHash);
      expect(await replacedHashes(order.id)).toEqual([]);
    } finally {
      await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
      await desk.node.chain.setAutomine(true);
    }
    // Fees it allows again: the next pass replaces it, and it is paid once.
    await desk.node.chain.setAutomine(false);
    try {
      expect(await replace()).toEqual([order.id]);
      await desk.node.chain.mine({ blocks: 1 });
    } finally {
      await desk.node.chain.setAutomine(true);
    }
    expect(await desk.balanceOf(order.wallet)).toBe(usdt("100"));
  });

  it("is sent again on its nonce when a reorganisation takes its block away, and the order completes once, on the chain that stays", async () => {
    const order = await desk.verifiedOrder();
    const beforeIt = await desk.node.chain.snapshot();
    const send = await payOrder(desk.signerDb, desk.chain, desk.account, order.id);
    expect(await desk.balanceOf(order.wallet)).toBe(usdt("100"));
    const completes = async () => {
      await desk.testApp.payoutWatch.watchOnce();
      await desk.testApp.payoutChecks.checkDue();
      return (await desk.admin.get(`/api/admin/orders/${order.id}`)).json;
    };
    // Seen in a block not yet final: the order waits for its confirmations.
    expect(await completes()).toMatchObject({ status: "processing" });

    // The block is taken away and the chain goes on without it.
    await desk.node.chain.revert({ id: beforeIt });
    await desk.node.chain.mine({ blocks: 6 });
    expect(await desk.balanceOf(order.wallet)).toBe(0n);
    expect(await completes()).toMatchObject({ status: "processing", payoutTxHash: null });

    await stuck(order.id);
    expect(await replace()).toEqual([order.id]);
    const [kept] = await desk.keptSends(order.id);
    expect(kept?.tx_hash).not.toBe(send.txHash);
    await desk.node.chain.mine({ blocks: 5 });
    expect(await completes()).toMatchObject({ status: "completed", payoutTxHash: kept?.tx_hash });
    expect(await desk.balanceOf(order.wallet)).toBe(usdt("100"));
  });
});

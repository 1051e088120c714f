import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passOverNetwork } from "../signer-pass";
import { associatedTokenAccount } from "../testing/fake-solana-payout-node";
import { usdt } from "../testing/paying-desk";
import { type SolanaPayingDesk, startSolanaPayingDesk } from "../testing/solana-paying-desk";
import { signSolanaPayout, usdtAccountOf } from "./solana-payouts";

/*
 * The signer pays verified orders on Solana from an Ed25519 key in SoftHSM2 (decision
 * 059): it builds each payout itself from a recent blockhash, the node takes it only
 * signed by the desk's key, and an order is signed for again only once its
 * blockhash can no longer let it land.
 */

let desk: SolanaPayingDesk;
beforeAll(async () => {
  desk = await startSolanaPayingDesk();
});
afterAll(() => desk?.close());

const pass = () => passOverNetwork(desk.signerDb, desk.paying);
const takenOf = (signature: string | undefined) =>
  desk.node.sent.filter((sent) => sent.signature === signature && sent.answer === "taken");
const refusalOf = async (orderId: string) =>
  (
    await desk.testApp.db
      .selectFrom("autopilot_refusals")
      .select("reason")
      .where("order_id", "=", orderId)
      .executeTakeFirst()
  )?.reason;

describe("the signer paying verified orders on Solana", () => {
  it("derives the associated token accounts as the Associated Token program does", async () => {
    const owner = desk.account.address;
    expect(await usdtAccountOf(desk.chain, owner)).toBe(
      associatedTokenAccount(owner, desk.chain.mint),
    );
  });

  it("pays a verified order from the HSM's key, making the customer's USDT account; the watcher completes it, and its fee is written once final", async () => {
    const order = await desk.verifiedOrder();
    expect(await pass()).toEqual({ sent: [order.id], refused: [] });
    const [send] = await desk.keptSends(order.id);
    expect(send).toMatchObject({
      network: "solana",
      nonce: null,
      expires_at: null,
      from_address: desk.account.address,
      to_address: order.wallet,
    });
    expect(Number(send?.valid_until_block)).toBeGreaterThan(desk.node.slot);
    expect(takenOf(send?.tx_hash)).toHaveLength(1);
    expect(desk.node.usdtOf(order.wallet)).toBe(usdt("100"));
    expect(desk.node.opened.has(order.wallet)).toBe(true);

    desk.node.slot += 32;
    await desk.testApp.payoutWatch.watchOnce();
    await desk.testApp.payoutChecks.checkDue();
    const view = await desk.admin.get(`/api/admin/orders/${order.id}`);
    expect(view.json).toMatchObject({ status: "completed", payoutTxHash: send?.tx_hash });

    expect(await pass()).toEqual({ sent: [], refused: [] });
    expect((await desk.keptSends(order.id))[0]).toMatchObject({
      fee_paid: "0.000005",
      reverted: false,
    });
    expect(takenOf(send?.tx_hash)).toHaveLength(1);
  });

  it("is refused by the node when signed by another key", async () => {
    const order = await desk.verifiedOrder();
    const kept = await signSolanaPayout(desk.signerDb, desk.chain, desk.account, order.id);
    // The desk's own transaction, its signature swapped for a stranger's over the same message.
    const stranger = desk.otherAccount("not-the-payout-key");
    const wire = Buffer.from(kept.signedTx, "base64");
    // One signature: its count (1 byte), the 64 bytes, then the message.
    const message = wire.subarray(65);
    const forged = Buffer.concat([wire.subarray(0, 1), stranger.signMessage(message), message]);
    const answer = desk.node.respond("sendTransaction", [
      forged.toString("base64"),
      { encoding: "base64" },
    ]);
    expect(answer).toMatchObject({
      rpcError: { message: "Transaction did not pass signature verification" },
    });
    expect(desk.node.usdtOf(order.wallet)).toBe(0n);
    // The desk's own bytes go out at the next pass.
    expect(await pass()).toEqual({ sent: [], refused: [] });
    expect(desk.node.usdtOf(order.wallet)).toBe(usdt("100"));
  });

  it("signs nothing when the node's blockhash would live longer than Solana lets one", async () => {
    const order = await desk.verifiedOrder();
    desk.node.blockhashBlocks = 100_000;
    try {
      expect(await pass()).toEqual({ sent: [], refused: [order.id] });
    } finally {
      desk.node.blockhashBlocks = 150;
    }
    expect(await refusalOf(order.id)).toMatch(
      /^the node's blockhash is valid to block \d+, not within 150 blocks/,
    );
    expect(await desk.keptSends(order.id)).toHaveLength(0);
  });
});

describe("a Solana payout sent once", () => {
  it("signs an order again only once the finalized chain is past its blockhash's last valid height, two minutes on by the signer's clock, with it in no block", async () => {
    const order = await desk.verifiedOrder();
    desk.node.mines = false;
    try {
      expect(await pass()).toEqual({ sent: [order.id], refused: [] });
      const [first] = await desk.keptSends(order.id);
      const lastValid = Number(first?.valid_until_block);
      // Past its last valid height at the newest block, not yet at the finalized one.
      desk.node.slot = lastValid + 1;
      expect(await pass()).toEqual({ sent: [], refused: [] });
      expect(await desk.keptSends(order.id)).toEqual([first]);

      desk.node.mines = true;
      desk.node.slot = lastValid + 32;
      // The finalized height is past; two minutes have not passed by the signer's clock.
      expect(await pass()).toEqual({ sent: [], refused: [] });
      expect(await desk.keptSends(order.id)).toEqual([first]);
      // Signed three minutes ago, as time passing would have it.
      await desk.testApp.db
        .updateTable("autopilot_sends")
        .set({ signed_at: new Date(Date.now() - 180_000) })
        .where("order_id", "=", order.id)
        .execute();
      expect(await pass()).toEqual({ sent: [order.id], refused: [] });
      const [second] = await desk.keptSends(order.id);
      expect(second?.tx_hash).not.toBe(first?.tx_hash);
      expect(second).toMatchObject({ lapsed_at: null });
      // Signed now: its own two minutes start again.
      expect(second?.signed_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
      const replaced = await desk.testApp.db
        .selectFrom("autopilot_replaced_sends")
        .select("tx_hash")
        .where("order_id", "=", order.id)
        .execute();
      expect(replaced).toEqual([{ tx_hash: first?.tx_hash }]);
      // The lapsed transaction, sent again by anyone, is too late.
      const late = desk.node.respond("sendTransaction", [first?.signed_tx, { encoding: "base64" }]);
      expect(late).toMatchObject({ rpcError: { message: /Blockhash not found/ } });
      expect(desk.node.usdtOf(order.wallet)).toBe(usdt("100"));

      const seen = await desk.admin.get("/api/admin/autopilot");
      const listed = seen.json.sends.find((send: { orderId: string }) => send.orderId === order.id);
      expect(listed).toMatchObject({
        nonce: null,
        expiresAt: null,
        validUntilBlock: second?.valid_until_block,
        replaced: 1,
      });
    } finally {
      desk.node.mines = true;
    }
  });

  it("sends the kept bytes after a stop between signing and broadcasting", async () => {
    const order = await desk.verifiedOrder();
    const kept = await signSolanaPayout(desk.signerDb, desk.chain, desk.account, order.id);
    expect(takenOf(kept.txHash)).toHaveLength(0);
    expect(await pass()).toEqual({ sent: [], refused: [] });
    expect(takenOf(kept.txHash)).toHaveLength(1);
    expect(desk.node.usdtOf(order.wallet)).toBe(usdt("100"));
  });
});

describe("autopilot's limits on Solana", () => {
  it("counts the rent of the customer's new USDT account in the most fee, and refuses above the cap", async () => {
    await desk.setLimits({
      enabled: true,
      maxPayoutUsdt: "1000",
      maxDayUsdt: "100000",
      maxFeePerPayout: "0.001",
    });
    try {
      const order = await desk.verifiedOrder();
      expect(await pass()).toEqual({ sent: [], refused: [order.id] });
      expect(await refusalOf(order.id)).toBe(
        "its fee could reach 0.00204428 SOL, above the most fee per payout (0.001 SOL)",
      );
    } finally {
      await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    }
  });
});

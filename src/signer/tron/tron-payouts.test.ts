import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tronHex } from "../../server/testing/fake-chain";
import { randomTronAddress } from "../../server/testing/fake-tron-node";
import { passOverNetwork } from "../signer-pass";
import type { TronRawJson } from "../testing/fake-tron-payout-node";
import { usdt } from "../testing/paying-desk";
import { startTronPayingDesk, type TronPayingDesk } from "../testing/tron-paying-desk";
import { signTronPayout } from "./tron-payouts";
import { checkTronPayout, signedTronTransaction, transferCallData } from "./tron-transaction";

/*
 * The signer pays verified orders on TRON from a key in SoftHSM2 (decision 058): the
 * node builds each payout, the signer reads the bytes against the order before it signs
 * their txID, the node takes a payout only for its sender's signature, and an order is
 * signed for again only once its transaction can no longer land.
 */

let desk: TronPayingDesk;
beforeAll(async () => {
  desk = await startTronPayingDesk();
});
afterAll(() => desk?.close());

const pass = () => passOverNetwork(desk.signerDb, desk.paying);
const taken = () => desk.node.broadcasts.filter((broadcast) => broadcast.code === "SUCCESS");
/** What autopilot wrote down of why it refused the order. */
const refusalOf = async (orderId: string) =>
  (
    await desk.testApp.db
      .selectFrom("autopilot_refusals")
      .select("reason")
      .where("order_id", "=", orderId)
      .executeTakeFirst()
  )?.reason;

/** The watcher sees the payout 5 blocks deep and completes its order. */
async function watchPayouts() {
  desk.node.head += 5;
  await desk.testApp.payoutWatch.watchOnce();
  await desk.testApp.payoutChecks.checkDue();
}

describe("the signer paying verified orders on TRON", () => {
  it("pays a verified order from the HSM's key; the watcher completes it, and its fee is written down once solidified", async () => {
    const order = await desk.verifiedOrder();
    expect(await pass()).toEqual({ sent: [order.id], refused: [] });
    const [send] = await desk.keptSends(order.id);
    expect(send).toMatchObject({
      network: "trc20",
      nonce: null,
      from_address: desk.account.address,
      to_address: order.wallet,
      fee_paid: null,
    });
    expect(send?.expires_at).toBeInstanceOf(Date);
    expect(taken().map((broadcast) => broadcast.txId)).toContain(send?.tx_hash);
    expect(desk.node.usdtOf(order.wallet)).toBe(usdt("100"));

    await watchPayouts();
    const view = await desk.admin.get(`/api/admin/orders/${order.id}`);
    expect(view.json).toMatchObject({ status: "completed", payoutTxHash: send?.tx_hash });

    desk.node.head += desk.node.solidifiedBehind;
    expect(await pass()).toEqual({ sent: [], refused: [] });
    const [settled] = await desk.keptSends(order.id);
    expect(settled).toMatchObject({ fee_paid: "13.84485", reverted: false });
    expect(taken().filter((broadcast) => broadcast.txId === send?.tx_hash)).toHaveLength(1);
    expect(desk.node.usdtOf(order.wallet)).toBe(usdt("100"));
  });

  it("is refused by the node when signed by another key: the node recovers the sender from the txID", async () => {
    const order = await desk.verifiedOrder();
    await desk.setLimits({ enabled: false, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    try {
      const stranger = desk.otherAccount("not-the-payout-key");
      const payout = {
        owner: tronHex(desk.account.address),
        token: tronHex(desk.chain.token),
        recipient: tronHex(order.wallet),
        amount: usdt("100"),
        feeLimitSun: 30_000_000n,
      };
      const built = desk.node.respond("/wallet/triggersmartcontract", {
        owner_address: payout.owner,
        contract_address: payout.token,
        function_selector: "transfer(address,uint256)",
        parameter: transferCallData(payout.recipient, payout.amount).slice(8),
        fee_limit: 30_000_000,
      });
      const { raw_data_hex } = (built as { json: { transaction: { raw_data_hex: string } } }).json
        .transaction;
      const { raw, txId } = checkTronPayout(raw_data_hex, payout, Date.now());
      const forged = signedTronTransaction(raw, stranger.signTxId(txId));
      const answer = desk.node.respond("/wallet/broadcasthex", { transaction: forged });
      expect(answer).toMatchObject({ json: { result: false, code: "SIGERROR" } });
      expect(desk.node.usdtOf(order.wallet)).toBe(0n);
    } finally {
      await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    }
  });
});

type TronCall = TronRawJson["contract"][0]["parameter"]["value"];

/** The transaction with its call changed. */
const withCall = (raw: TronRawJson, change: Partial<TronCall>): TronRawJson => ({
  ...raw,
  contract: raw.contract.map((contract) => ({
    ...contract,
    parameter: { ...contract.parameter, value: { ...contract.parameter.value, ...change } },
  })),
});

/** A node that changes the payout it builds: each change below is refused, nothing signed. */
const LIES: [string, (raw: TronRawJson) => TronRawJson, RegExp][] = [
  [
    "another recipient",
    (raw) => withCall(raw, { data: transferCallData(tronHex(randomTronAddress()), usdt("100")) }),
    /another transfer/,
  ],
  [
    "a larger amount",
    (raw) => {
      const data = raw.contract[0]?.parameter.value.data ?? "";
      return withCall(raw, {
        data: `${data.slice(0, 72)}${usdt("1000").toString(16).padStart(64, "0")}`,
      });
    },
    /another transfer/,
  ],
  [
    "another token",
    (raw) => withCall(raw, { contract_address: tronHex(randomTronAddress()) }),
    /another token/,
  ],
  ["a higher fee limit", (raw) => ({ ...raw, fee_limit: 1_000_000_000 }), /another fee limit/],
  [
    "an expiration a day away",
    (raw) => ({ ...raw, expiration: raw.expiration + 24 * 3_600_000 }),
    /expires at .*, not within 10 minutes/,
  ],
  [
    "TRX sent along",
    (raw) => withCall(raw, { call_value: 5_000_000 }),
    /sends TRX or another token along/,
  ],
  ["a memo", (raw) => ({ ...raw, data: "6d656d6f" }), /a field 10 in its transaction/],
  [
    "another permission of the wallet",
    (raw) => ({
      ...raw,
      contract: raw.contract.map((contract) => ({ ...contract, Permission_id: 2 })),
    }),
    /another permission/,
  ],
];

describe("a TRON node that lies about the payout it builds", () => {
  it.each(LIES)("gets nothing signed for %s", async (_lie, alter, why) => {
    const order = await desk.verifiedOrder();
    const before = desk.node.broadcasts.length;
    desk.node.alter = alter;
    try {
      expect(await pass()).toEqual({ sent: [], refused: [order.id] });
    } finally {
      desk.node.alter = undefined;
    }
    expect(await refusalOf(order.id)).toMatch(why);
    expect(await desk.keptSends(order.id)).toHaveLength(0);
    expect(desk.node.broadcasts).toHaveLength(before);
  });

  it("gets nothing signed when its JSON shows the payout asked and its bytes another", async () => {
    const order = await desk.verifiedOrder();
    desk.node.alter = (raw) =>
      withCall(raw, { data: transferCallData(tronHex(randomTronAddress()), usdt("100")) });
    desk.node.hidesAlteration = true;
    try {
      expect(await pass()).toEqual({ sent: [], refused: [order.id] });
    } finally {
      desk.node.alter = undefined;
      desk.node.hidesAlteration = false;
    }
    expect(await refusalOf(order.id)).toMatch(/another transfer/);
    expect(await desk.keptSends(order.id)).toHaveLength(0);
  });
});

describe("a TRON payout sent once", () => {
  it("sends the kept bytes after a stop between signing and broadcasting, and records one a node took before the stop", async () => {
    const signedOnly = await desk.verifiedOrder();
    const kept = await signTronPayout(desk.signerDb, desk.chain, desk.account, signedOnly.id);
    const broadcastUnrecorded = await desk.verifiedOrder();
    const other = await signTronPayout(
      desk.signerDb,
      desk.chain,
      desk.account,
      broadcastUnrecorded.id,
    );
    // The signer broadcast this one and stopped before writing it down.
    desk.node.respond("/wallet/broadcasthex", { transaction: other.signedTx });
    expect(taken().filter((broadcast) => broadcast.txId === kept.txHash)).toHaveLength(0);

    expect(await pass()).toEqual({ sent: [], refused: [] });
    expect(taken().filter((broadcast) => broadcast.txId === kept.txHash)).toHaveLength(1);
    expect(taken().filter((broadcast) => broadcast.txId === other.txHash)).toHaveLength(1);
    expect(desk.node.usdtOf(signedOnly.wallet)).toBe(usdt("100"));
    expect(desk.node.usdtOf(broadcastUnrecorded.wallet)).toBe(usdt("100"));
    for (const orderId of [signedOnly.id, broadcastUnrecorded.id]) {
      const [send] = await desk.keptSends(orderId);
      expect(send?.broadcast_at).toBeInstanceOf(Date);
    }
  });

  it("signs an order again only once its transaction expired, by the signer's clock and at the solidified head, in no block", async () => {
    const order = await desk.verifiedOrder();
    desk.node.mines = false;
    try {
      expect(await pass()).toEqual({ sent: [order.id], refused: [] });
      const [first] = await desk.keptSends(order.id);
      // Past its expiration at the head (a minute: 20 blocks), not yet at the solidified head.
      desk.node.head += 21;
      expect(await pass()).toEqual({ sent: [], refused: [] });
      expect(await desk.keptSends(order.id)).toEqual([first]);

      desk.node.mines = true;
      desk.node.head += desk.node.solidifiedBehind;
      // The node's solidified head is past the expiration; the signer's clock is not yet.
      expect(await pass()).toEqual({ sent: [], refused: [] });
      expect(await desk.keptSends(order.id)).toEqual([first]);
      // A minute later by the signer's clock, as its passing would.
      await desk.testApp.db
        .updateTable("autopilot_sends")
        .set({ expires_at: new Date(Date.now() - 1_000) })
        .where("order_id", "=", order.id)
        .execute();
      expect(await pass()).toEqual({ sent: [order.id], refused: [] });
      const [second] = await desk.keptSends(order.id);
      expect(second?.tx_hash).not.toBe(first?.tx_hash);
      expect(second).toMatchObject({ lapsed_at: null, fee_paid: null });
      const replaced = await desk.testApp.db
        .selectFrom("autopilot_replaced_sends")
        .select(["tx_hash", "signed_tx"])
        .where("order_id", "=", order.id)
        .execute();
      expect(replaced).toEqual([{ tx_hash: first?.tx_hash, signed_tx: first?.signed_tx }]);
      // The lapsed transaction, sent again by anyone, is too late.
      const late = desk.node.respond("/wallet/broadcasthex", { transaction: first?.signed_tx });
      expect(late).toMatchObject({ json: { code: "TRANSACTION_EXPIRATION_ERROR" } });
      expect(desk.node.usdtOf(order.wallet)).toBe(usdt("100"));

      const seen = await desk.admin.get("/api/admin/autopilot");
      const listed = seen.json.sends.find((send: { orderId: string }) => send.orderId === order.id);
      expect(listed).toMatchObject({ nonce: null, replaced: 1, txHash: second?.tx_hash });
      expect(listed.expiresAt).toBe(second?.expires_at?.toISOString());
    } finally {
      desk.node.mines = true;
    }
  });
});

/** A payout the node took and lost, then expired by the chain's and the signer's clocks. */
async function lapsedPayout() {
  const order = await desk.verifiedOrder();
  desk.node.mines = false;
  try {
    expect(await pass()).toEqual({ sent: [order.id], refused: [] });
  } finally {
    desk.node.mines = true;
  }
  desk.node.head += 21 + desk.node.solidifiedBehind;
  await desk.testApp.db
    .updateTable("autopilot_sends")
    .set({ expires_at: new Date(Date.now() - 1_000) })
    .where("order_id", "=", order.id)
    .execute();
  return order;
}

describe("a lapsed TRON payout autopilot may not sign again", () => {
  it("is the operator's: the order says why, and takes a payout by hand", async () => {
    const order = await lapsedPayout();
    await desk.setLimits({ enabled: true, maxPayoutUsdt: "50", maxDayUsdt: "100000" });
    try {
      expect(await pass()).toEqual({ sent: [], refused: [order.id] });
    } finally {
      await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    }
    const view = await desk.admin.get(`/api/admin/orders/${order.id}`);
    expect(view.json.autopilot).toMatchObject({
      sent: { lapsed: true, reverted: null },
      refusal: { reason: "100 USDT is above the most per payout (50 USDT)" },
    });
    const byHand = `${"ab".repeat(32)}`;
    const recorded = await desk.admin.post(`/api/admin/orders/${order.id}/status`, {
      status: "completed",
      payoutTxHash: byHand,
    });
    expect(recorded.status, recorded.text).not.toBe(409);
    // Asked again after its minute, autopilot refuses an order an operator recorded a payout for.
    await desk.testApp.db
      .updateTable("autopilot_refusals")
      .set({ refused_at: new Date(Date.now() - 120_000) })
      .where("order_id", "=", order.id)
      .execute();
    expect(await pass()).toEqual({ sent: [], refused: [order.id] });
    expect(await refusalOf(order.id)).toBe("a payout by hand is recorded for the order");
    expect(desk.node.usdtOf(order.wallet)).toBe(0n);
  });
});

describe("autopilot's limits on TRON", () => {
  it("refuses a payout whose fee limit is above the most fee per payout", async () => {
    await desk.setLimits({
      enabled: true,
      maxPayoutUsdt: "1000",
      maxDayUsdt: "100000",
      maxFeePerPayout: "20",
    });
    try {
      const order = await desk.verifiedOrder();
      expect(await pass()).toEqual({ sent: [], refused: [order.id] });
      expect(await refusalOf(order.id)).toBe(
        "its fee could reach 30 TRX, above the most fee per payout (20 TRX)",
      );
    } finally {
      await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    }
  });

  it("refuses a payout the hot wallet's TRX cannot burn, and writes the wallet's balances down", async () => {
    const trxBefore = desk.node.trx.get(desk.account.address) ?? 0n;
    desk.node.trx.set(desk.account.address, 10_000_000n);
    try {
      const order = await desk.verifiedOrder();
      expect(await pass()).toEqual({ sent: [], refused: [order.id] });
      expect(await refusalOf(order.id)).toBe(
        "the hot wallet holds 10 TRX, less than the fee may be (30 TRX)",
      );
      const signer = await desk.testApp.db
        .selectFrom("autopilot_signers")
        .select(["sender_address", "coin_balance", "shortfalls"])
        .where("network", "=", "trc20")
        .executeTakeFirstOrThrow();
      expect(signer).toMatchObject({
        sender_address: desk.account.address,
        coin_balance: "10",
        shortfalls: 1,
      });
    } finally {
      desk.node.trx.set(desk.account.address, trxBefore);
    }
  });
});

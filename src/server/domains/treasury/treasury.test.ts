import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import {
  answerBalancesAsChain,
  type FakeChainAnswer,
  type FakeWallet,
  startFakeChain,
} from "../../testing/fake-chain";
import { orderInput, postOrder, TRON_WALLET, withOffer } from "../../testing/orders";
import { insertSale } from "../../testing/sales";
import { createTestApp, type TestApp } from "../../testing/test-app";

/*
 * Admin → Treasury through the API, with a stand-in TRON node: the wallets and
 * their audit, balances read on demand and on schedule (a lying node leaves the
 * last good figure, marked stale), owed per network, the alerts, and the pause
 * that refuses offers and orders before the customer pays.
 */

const DESK_WALLET = "TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY";
/** Another wallet the desk might pay from. */
const OTHER_WALLET = TRON_WALLET;
const { token, decimals } = USDT_TOKENS.trc20;
/** USDT and TRX as the stand-in reports them. */
const chainWallet: FakeWallet = { token, decimals, wallet: DESK_WALLET, usdt: 0n, fee: 0n };
const usdt = (whole: number) => BigInt(whole) * 10n ** BigInt(decimals);
const honest = answerBalancesAsChain("tron", () => chainWallet);
/** What the stand-in answers; a test may make it lie. */
let respond: (call: string, params: unknown) => FakeChainAnswer = honest;

let testApp: TestApp;
let admin: Client;
let customer: Client;
let closeChain: () => Promise<void>;

beforeAll(async () => {
  const chain = await startFakeChain((call, params) => respond(call, params));
  closeChain = chain.close;
  testApp = await createTestApp({
    CHAIN_RPC_TRC20: chain.url,
    CHAIN_TIMEOUT_MS: "2000",
    ADMIN_NOTIFY_EMAIL: "operators@example.com",
  });
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
});
afterAll(async () => {
  await testApp.close();
  await closeChain();
});
beforeEach(() => {
  respond = honest;
});

const settings = (overrides: Record<string, unknown> = {}) => ({
  walletAddress: DESK_WALLET,
  feePerPayout: "",
  alertOwedPercent: "",
  pauseWhenShort: false,
  ...overrides,
});

async function trc20() {
  const answer = await admin.get("/api/admin/treasury");
  expect(answer.status).toBe(200);
  return (answer.json.networks as Record<string, unknown>[]).find((n) => n.network === "trc20");
}

async function save(body: Record<string, unknown>, network = "trc20") {
  return admin.request("PUT", `/api/admin/treasury/${network}`, body);
}

async function readNow() {
  const answer = await admin.post("/api/admin/treasury/trc20/read");
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

async function auditRows(action: string) {
  return testApp.db
    .selectFrom("audit_log")
    .select(["actor_email", "target_id", "details"])
    .where("action", "=", action)
    .orderBy("id")
    .execute();
}

async function outboxTopics(topic: string) {
  const row = await testApp.db
    .selectFrom("notification_outbox")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("topic", "=", topic)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function treasuryRow() {
  return testApp.db
    .selectFrom("treasury_networks")
    .selectAll()
    .where("network", "=", "trc20")
    .executeTakeFirstOrThrow();
}

describe("payout wallets", () => {
  it("lists every network with its fee coin, and no wallet at first", async () => {
    const answer = await admin.get("/api/admin/treasury");
    expect(
      answer.json.networks.map((n: { network: string; feeCoin: string }) => n.feeCoin),
    ).toEqual(["TRX", "BNB", "ETH", "POL", "SOL"]);
    expect(await trc20()).toMatchObject({
      walletAddress: null,
      usdtOnHand: null,
      endpointConfigured: true,
      paused: false,
    });
  });

  it.each([
    [
      "an address of another network",
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      /EVM|Ethereum|BEP20|ERC20|looks like/,
    ],
    ["a bad checksum", "TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFS", /checksum/],
    ["the hex form", `41${"ab".repeat(20)}`, /hex form/],
    ["text", "my wallet", /not a valid TRC20 address/],
  ])("refuses %s with 400, writing nothing", async (_name, walletAddress, message) => {
    const before = (await auditRows("treasury.network_saved")).length;
    const answer = await save(settings({ walletAddress }));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: "INVALID_INPUT", field: "walletAddress" });
    expect(answer.json.error).toMatch(message);
    expect((await treasuryRow()).wallet_address).toBeNull();
    expect(await auditRows("treasury.network_saved")).toHaveLength(before);
  });

  it.each([
    ["a negative fee", { feePerPayout: "-1" }, "feePerPayout"],
    ["a fee that is not a number", { feePerPayout: "15 TRX" }, "feePerPayout"],
    ["an alert share of 0", { alertOwedPercent: "0" }, "alertOwedPercent"],
    ["a pause without a wallet", { walletAddress: "", pauseWhenShort: true }, "pauseWhenShort"],
  ])("refuses %s with 400", async (_name, overrides, field) => {
    const answer = await save(settings(overrides));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ code: "INVALID_INPUT", field });
  });

  it("refuses a network that does not exist", async () => {
    expect((await save(settings(), "bitcoin")).status).toBe(400);
    expect((await admin.post("/api/admin/treasury/bitcoin/read")).status).toBe(400);
  });

  it("refuses to read a network that has no wallet", async () => {
    const answer = await admin.post("/api/admin/treasury/solana/read");
    expect(answer.status).toBe(409);
    expect(answer.json.code).toBe("NO_WALLET");
  });

  it("saves a wallet and settings, audited old → new", async () => {
    const answer = await save(settings({ feePerPayout: "15", alertOwedPercent: "80" }));
    expect(answer.status, answer.text).toBe(200);
    expect(await trc20()).toMatchObject({
      walletAddress: DESK_WALLET,
      feePerPayout: "15",
      alertOwedPercent: "80",
    });
    const [audit] = (await auditRows("treasury.network_saved")).slice(-1);
    expect(audit).toMatchObject({ target_id: "trc20", actor_email: expect.any(String) });
    expect(audit?.details).toMatchObject({
      before: { walletAddress: null },
      after: { walletAddress: DESK_WALLET, feePerPayout: "15", alertOwedShare: "0.8" },
    });
  });

  it("removes a wallet (audited) and forgets its balances, then refuses to remove it twice", async () => {
    await save(settings({ walletAddress: OTHER_WALLET }), "trc20");
    const removed = await admin.request("DELETE", "/api/admin/treasury/trc20/wallet");
    expect(removed.status).toBe(200);
    expect(await trc20()).toMatchObject({ walletAddress: null, usdtOnHand: null });
    expect((await auditRows("treasury.wallet_removed")).at(-1)?.details).toMatchObject({
      before: { walletAddress: OTHER_WALLET },
      after: { walletAddress: null },
    });
    expect((await admin.request("DELETE", "/api/admin/treasury/trc20/wallet")).status).toBe(409);
    await save(settings({ feePerPayout: "15", alertOwedPercent: "80" }));
  });
});

describe("balances", () => {
  it("reads the wallet on demand through the configured node", async () => {
    chainWallet.usdt = usdt(500);
    chainWallet.fee = 100n * 10n ** 6n;
    expect(await readNow()).toMatchObject({ usdtOnHand: "500", feeOnHand: "100", stale: null });
  });

  it.each<[string, (call: string, params: unknown) => FakeChainAnswer, RegExp]>([
    [
      "a negative balance",
      (call, params) =>
        call === "/wallet/getaccount"
          ? { json: { address: DESK_WALLET, balance: -1 } }
          : honest(call, params),
      /no wallet can hold/,
    ],
    [
      "the wrong token's decimals",
      answerBalancesAsChain("tron", () => ({ ...chainWallet, decimals: 18 })),
      /18 decimals/,
    ],
    ["an answer that is not JSON", () => ({ garbage: "oops" }), /not in the chain's format/],
    ["a node that is down", () => ({ drop: true }), /could not be reached/],
  ])(
    "keeps the last good figure, marked stale, when the node gives %s",
    async (_name, lie, why) => {
      respond = lie;
      const read = await readNow();
      expect(read).toMatchObject({ usdtOnHand: "500", feeOnHand: "100" });
      expect(read.stale.reason).toMatch(why);
      respond = honest;
      expect(await readNow()).toMatchObject({ usdtOnHand: "500", stale: null });
    },
  );

  it("reads each wallet once per period on schedule, also with two workers", async () => {
    chainWallet.usdt = usdt(600);
    await sql`UPDATE treasury_networks SET next_read_at = NULL`.execute(testApp.db);
    const [first, second] = await Promise.all([
      testApp.treasury.readDue(),
      testApp.treasury.readDue(),
    ]);
    expect([...first, ...second]).toEqual(["trc20"]);
    expect(await testApp.treasury.readDue()).toEqual([]);
    expect(await trc20()).toMatchObject({ usdtOnHand: "600" });
  });

  it("counts a customer's USDT deposit in on hand: its order received, the wallet is read at the next pass", async () => {
    expect(await testApp.treasury.readDue()).toEqual([]);
    const seller = await signedInCustomer(testApp);
    const sale = await insertSale(testApp.db, seller, {
      depositUsdt: "100",
      depositAddress: DESK_WALLET,
    });
    // The deposit lands in the payout wallet (decision 049) and is final: the order is received.
    chainWallet.usdt = usdt(700);
    await testApp.db
      .updateTable("sell_orders")
      .set({ status: "received", received_at: new Date(), deposit_tx_hash: "ab".repeat(32) })
      .where("id", "=", sale.id)
      .execute();
    expect(await testApp.treasury.readDue()).toEqual(["trc20"]);
    expect(await trc20()).toMatchObject({ usdtOnHand: "700" });
    // Paying its rupees moves no USDT: no read is asked for.
    await testApp.db
      .updateTable("sell_orders")
      .set({ status: "paid", paid_utr: "512345678901", paid_at: new Date() })
      .where("id", "=", sale.id)
      .execute();
    expect(await testApp.treasury.readDue()).toEqual([]);
  });
});

describe("owed against on hand, the alerts and the pause", () => {
  /** Places an order of `inr` rupees (86 per USDT) on TRC20, and folds. */
  async function order(inr: string) {
    const sent = await postOrder(customer, orderInput({ amount: inr }));
    await testApp.foldOrderTotals();
    return sent;
  }

  it("owes the receive amounts of open orders, and tells once when owed passes the share", async () => {
    chainWallet.usdt = usdt(500);
    chainWallet.fee = 10_000n * 10n ** 6n;
    await readNow();
    expect(await order("25800")).toMatchObject({ status: 201 }); // 300 USDT
    expect(await trc20()).toMatchObject({ owedUsdt: "300", owedOrders: 1, owedAlert: false });
    expect(await outboxTopics("treasury.owed_high")).toBe(0);

    expect(await order("17200")).toMatchObject({ status: 201 }); // 200 more: 500 > 80 % of 500
    expect(await trc20()).toMatchObject({ owedUsdt: "500", owedOrders: 2, owedAlert: true });
    const told = await outboxTopics("treasury.owed_high");
    expect(told).toBe(1);

    // Still past it: more orders, folds and reads tell nobody again.
    expect(await order("860")).toMatchObject({ status: 201 });
    await readNow();
    await testApp.foldOrderTotals();
    expect(await outboxTopics("treasury.owed_high")).toBe(told);

    // Back under it, then past it again: a second crossing, a second message.
    chainWallet.usdt = usdt(2000);
    await readNow();
    expect(await trc20()).toMatchObject({ owedAlert: false });
    chainWallet.usdt = usdt(500);
    await readNow();
    expect(await outboxTopics("treasury.owed_high")).toBe(2);
  });

  it("tells once when the fee coin no longer covers the open payouts", async () => {
    // 3 open orders at 15 TRX each need 45 TRX.
    chainWallet.fee = 40n * 10n ** 6n;
    await readNow();
    expect(await trc20()).toMatchObject({ feeNeeded: "45", feeOnHand: "40", feeLow: true });
    const told = await outboxTopics("treasury.fee_low");
    expect(told).toBe(1);
    await readNow();
    expect(await outboxTopics("treasury.fee_low")).toBe(told);
    const [message] = await testApp.db
      .selectFrom("notification_outbox")
      .select("payload")
      .where("topic", "=", "treasury.fee_low")
      .execute();
    expect(JSON.stringify(message?.payload)).toContain(
      "less than the 45 TRX that 3 open payouts cost",
    );
  });

  it("does not pause while the setting is off, even when owed passes on hand", async () => {
    expect(await order("86000")).toMatchObject({ status: 201 }); // 1000 USDT > 500 on hand
    expect((await customer.get("/api/site-settings")).json.pausedNetworks).toEqual([]);
  });

  describe("with the pause on", () => {
    beforeAll(async () => {
      expect(
        (await save(settings({ feePerPayout: "15", alertOwedPercent: "80", pauseWhenShort: true })))
          .status,
      ).toBe(200);
    });

    it("tells the exchange screen the network is paused, and refuses the payment offer", async () => {
      expect((await customer.get("/api/site-settings")).json.pausedNetworks).toEqual(["trc20"]);
      const offer = await customer.post("/api/orders/payment-offer", {
        sendCurrency: "upi_inr",
        amount: "860",
        network: "trc20",
      });
      expect(offer.status).toBe(409);
      expect(offer.json).toMatchObject({ code: "NETWORK_PAUSED", network: "TRC20" });
      expect(offer.json.error).toMatch(/paused/);
      // Another network is not paused.
      const elsewhere = await customer.post("/api/orders/payment-offer", {
        sendCurrency: "upi_inr",
        amount: "860",
        network: "bep20",
      });
      expect(elsewhere.status).toBe(200);
    });

    it("refuses an order whose offer never passed the rule, writing nothing", async () => {
      const offer = await customer.post("/api/orders/payment-offer", {
        sendCurrency: "upi_inr",
        amount: "860",
      });
      expect(offer.status).toBe(200);
      const before = await testApp.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      const placed = await customer.post("/api/orders", {
        ...orderInput({ amount: "860" }),
        receivingOfferId: offer.json.offerId,
      });
      expect(placed.status).toBe(409);
      expect(placed.json.code).toBe("NETWORK_PAUSED");
      const after = await testApp.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it("never refuses an order paid after an offer shown for the network", async () => {
      // The offer passed while there was room; the network filled before the order came.
      chainWallet.usdt = usdt(100_000);
      await readNow();
      const body = await withOffer(customer, orderInput({ amount: "860" }));
      chainWallet.usdt = usdt(1);
      await readNow();
      expect((await customer.get("/api/site-settings")).json.pausedNetworks).toEqual(["trc20"]);
      const placed = await customer.post("/api/orders", body);
      expect(placed.status, placed.text).toBe(201);
    });

    it("refuses an offer that this order's amount would take past on hand, and resumes once the wallet holds more", async () => {
      const { owedUsdt } = (await trc20()) as { owedUsdt: string };
      chainWallet.usdt = usdt(Math.ceil(Number(owedUsdt)) + 5); // room for 5 USDT, not 10
      await readNow();
      expect((await customer.get("/api/site-settings")).json.pausedNetworks).toEqual([]);
      const tooMuch = await customer.post("/api/orders/payment-offer", {
        sendCurrency: "upi_inr",
        amount: "860",
        network: "trc20",
      });
      expect(tooMuch.json.code).toBe("NETWORK_PAUSED");
      chainWallet.usdt = usdt(100_000);
      await readNow();
      expect(await order("860")).toMatchObject({ status: 201 });
    });

    /** What TRC20 has promised: owed once folded, and the USDT of its open payment offers. */
    async function promisedUsdt() {
      await testApp.foldOrderTotals();
      const { rows } = await sql<{ promised: string }>`
        SELECT (SELECT owed_usdt FROM treasury_networks WHERE network = 'trc20')
          + coalesce((SELECT sum(usdt_amount) FROM receiving_account_offers
              WHERE network = 'trc20' AND order_id IS NULL AND expires_at > now()), 0)
          AS promised`.execute(testApp.db);
      return Number(rows[0]?.promised);
    }

    /** The wallet read as holding what TRC20 has promised and `room` USDT more. */
    async function walletWithRoomFor(room: number) {
      chainWallet.usdt = usdt(Math.ceil(await promisedUsdt()) + room);
      await readNow();
    }

    const askOffer = (client: Client, inr: string) =>
      client.post("/api/orders/payment-offer", {
        sendCurrency: "upi_inr",
        amount: inr,
        network: "trc20",
      });

    it("reserves each open offer's USDT: customers asking at once never pass on hand together", async () => {
      const customers = await Promise.all(
        Array.from({ length: 6 }, () => signedInCustomer(testApp)),
      );
      await walletWithRoomFor(100);
      const offersBefore = await testApp.db
        .selectFrom("receiving_account_offers")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      // 90 USDT each: room for one of them.
      const answers = await Promise.all(customers.map((each) => askOffer(each, "7740")));
      const shown = answers.filter((answer) => answer.status === 200);
      expect(shown.length).toBeLessThanOrEqual(1);
      for (const refused of answers.filter((answer) => answer.status !== 200)) {
        expect(refused.status, refused.text).toBe(409);
        expect(refused.json.code).toBe("NETWORK_PAUSED");
      }
      // A refused offer was never shown: it holds no account's room.
      const offersAfter = await testApp.db
        .selectFrom("receiving_account_offers")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(offersAfter.n) - Number(offersBefore.n)).toBe(shown.length);

      // One at a time, the first fits and the second does not (two who asked for none yet).
      const [first, second] = await Promise.all([
        signedInCustomer(testApp),
        signedInCustomer(testApp),
      ]);
      await walletWithRoomFor(100);
      expect((await askOffer(first, "7740")).status).toBe(200);
      expect((await askOffer(second, "7740")).json.code).toBe("NETWORK_PAUSED");
      // The first customer asking again is shown their offer again: it may have been paid.
      expect((await askOffer(first, "7740")).status).toBe(200);
    });

    it("counts the orders of the last second, before the fold adds them to owed", async () => {
      const [first, second] = await Promise.all([
        signedInCustomer(testApp),
        signedInCustomer(testApp),
      ]);
      await walletWithRoomFor(100);
      // 80 USDT: its offer becomes an order, not folded yet.
      const placed = await postOrder(first, orderInput({ amount: "6880" }));
      expect(placed.status, placed.text).toBe(201);
      // 30 USDT more would pass on hand.
      expect((await askOffer(second, "2580")).json.code).toBe("NETWORK_PAUSED");
    });

    it("counts a stale figure, and a wallet never read, as holding nothing", async () => {
      chainWallet.usdt = usdt(100_000);
      await readNow();
      expect((await customer.get("/api/site-settings")).json.pausedNetworks).toEqual([]);
      // The node stops answering: the last figure may no longer be true.
      respond = () => ({ drop: true });
      await readNow();
      expect((await customer.get("/api/site-settings")).json.pausedNetworks).toEqual(["trc20"]);
      expect((await askOffer(customer, "860")).json.code).toBe("NETWORK_PAUSED");
      // A good read again: the network takes orders again.
      respond = honest;
      await readNow();
      expect((await customer.get("/api/site-settings")).json.pausedNetworks).toEqual([]);
      await save(settings({ walletAddress: OTHER_WALLET, pauseWhenShort: true }));
      expect((await customer.get("/api/site-settings")).json.pausedNetworks).toEqual(["trc20"]);
    });
  });
});

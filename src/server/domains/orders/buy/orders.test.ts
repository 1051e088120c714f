import { randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Client, signedInCustomer as signedInCustomerOf } from "../../../testing/actors";
import {
  nextReference,
  orderInput,
  postOrder,
  TRON_WALLET,
  withOffer,
} from "../../../testing/orders";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { createClient } from "../../../testing/test-client";

let testApp: TestApp;

async function customer(email = `c-${Math.random().toString(36).slice(2)}@example.com`) {
  const client = createClient(testApp);
  await client.signUp(email, "secret1");
  const signIn = await client.signIn(email, "secret1");
  expect(signIn.status).toBe(200);
  return client;
}

async function countOrders() {
  const row = await testApp.db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function setSettings(values: Record<string, unknown>) {
  await testApp.db.updateTable("site_settings").set(values).where("id", "=", 1).execute();
}

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());
beforeEach(() =>
  setSettings({
    exchange_rate: "86",
    min_inr_amount: "0",
    max_inr_amount: "100000",
    maintenance_mode: false,
  }),
);

describe("public site settings", () => {
  it("shows the rate, limits and payment details with the defaults", async () => {
    const response = await createClient(testApp).get("/api/site-settings");
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      exchangeRate: "86",
      minInrAmount: "0",
      maxInrAmount: "100000",
      maintenanceMode: false,
    });
  });
});

describe("placing an order", () => {
  it("stores the order with the server's amount and rate, and a first event", async () => {
    const client = await customer();
    const response = await postOrder(
      client,
      orderInput({ amount: "8600.5", payerName: " rahul   KUMAR " }),
    );
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      status: "pending",
      payerName: "rahul KUMAR",
      sendAmount: "8600.50",
      receiveAmount: "100.0058",
      exchangeRate: "86",
      network: "trc20",
      walletAddress: TRON_WALLET,
    });
    const events = await testApp.db
      .selectFrom("order_events")
      .selectAll()
      .where("order_id", "=", response.json.id)
      .execute();
    expect(events).toMatchObject([
      { actor_role: "customer", from_status: null, to_status: "pending" },
    ]);
  });

  it("ignores what only the server decides: status, amounts, rate, owner, payout", async () => {
    const client = await signedInCustomerOf(testApp);
    const other = await signedInCustomerOf(testApp);
    const response = await postOrder(
      client,
      orderInput({
        status: "completed",
        receiveAmount: "999999",
        exchangeRate: "1",
        userId: other.userId,
        user_id: other.userId,
        payoutTxHash: "01".repeat(32),
        id: "00000000-0000-4000-8000-000000000000",
      }),
    );
    expect(response.status).toBe(201);
    const stored = await testApp.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", response.json.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: "pending",
      user_id: client.userId,
      payout_tx_hash: null,
    });
    // NUMERIC columns keep their own scale: compared as decimals, not as text.
    expect(new Decimal(stored.exchange_rate).eq(86)).toBe(true);
    expect(new Decimal(stored.receive_amount).eq(100)).toBe(true);
    expect(stored.id).not.toBe("00000000-0000-4000-8000-000000000000");
  });

  it("normalises an all-lowercase EVM address to its checksummed form", async () => {
    const client = await customer();
    const response = await postOrder(
      client,
      orderInput({ network: "erc20", walletAddress: "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed" }),
    );
    expect(response.status).toBe(201);
    expect(response.json.walletAddress).toBe("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
  });

  const refusals: [string, () => Promise<void> | void, Record<string, unknown>, number, RegExp][] =
    [
      [
        "an invalid TRON address",
        () => {},
        { walletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T" },
        400,
        /TRC20/,
      ],
      ["a TRON address on ERC20", () => {}, { network: "erc20" }, 400, /ERC20/],
      [
        "the burn address",
        () => {},
        { network: "erc20", walletAddress: "0x000000000000000000000000000000000000dEaD" },
        400,
        /./,
      ],
      [
        "a UPI reference of 11 digits",
        () => {},
        { paymentReference: "10041232458" },
        400,
        /12-digit/,
      ],
      ["a UPI reference with a letter", () => {}, { paymentReference: "10041232458A" }, 400, /12/],
      ["no payer's name", () => {}, { payerName: undefined }, 400, /payerName/],
      [
        "a payer's name with digits",
        () => {},
        { payerName: "Rahul 42" },
        400,
        /name on the bank or UPI account you paid from/,
      ],
      ["a negative amount", () => {}, { amount: "-5" }, 400, /amount/i],
      ["an amount in exponent form", () => {}, { amount: "1e5" }, 400, /amount/i],
      ["an amount with 3 decimals", () => {}, { amount: "100.123" }, 400, /decimals/],
      ["an unknown currency", () => {}, { receiveCurrency: "bitcoin" }, 400, /receiveCurrency/],
      ["USDT without a network", () => {}, { network: null }, 400, /network/],
      ["a stale rate", () => {}, { quotedRate: "85" }, 409, /₹86/],
      [
        "an amount under the minimum",
        () => setSettings({ min_inr_amount: "2000" }),
        { amount: "1000" },
        400,
        /Amount Too Low: The minimum amount is ₹2,000\./,
      ],
      [
        "an amount over the maximum",
        () => setSettings({ max_inr_amount: "5000" }),
        { amount: "5000.01" },
        400,
        /Amount Too High: The maximum amount is ₹5,000\./,
      ],
      [
        "an order in maintenance mode",
        () => setSettings({ maintenance_mode: true }),
        {},
        403,
        /maintenance/,
      ],
    ];

  it.each(refusals)(
    "refuses %s with a clear message and stores nothing",
    async (_name, arrange, change, status, message) => {
      const client = await customer();
      await arrange();
      const before = await countOrders();
      const response = await postOrder(client, orderInput(change));
      expect(response.status).toBe(status);
      expect(response.json.error).toMatch(message);
      expect(await countOrders()).toBe(before);
    },
  );

  it("refuses a rate that only rounds to the rate in force, and stores nothing", async () => {
    const client = await customer();
    const before = await countOrders();
    const response = await postOrder(
      client,
      orderInput({ amount: "100000", quotedRate: "85.99995" }),
    );
    expect(response.status).toBe(409);
    expect(response.json.code).toBe("RATE_CHANGED");
    expect(await countOrders()).toBe(before);
  });

  it("answers a changed rate with the new figure", async () => {
    const client = await customer();
    await setSettings({ exchange_rate: "90.5" });
    const response = await postOrder(client, orderInput());
    expect(response.status).toBe(409);
    expect(response.json).toMatchObject({ code: "RATE_CHANGED", exchangeRate: "90.5" });
  });

  it("names the limit, or the refused field, beside the code (for a reader of another language)", async () => {
    const client = await customer();
    await setSettings({ min_inr_amount: "2000", max_inr_amount: "5000" });
    const low = await postOrder(client, orderInput({ amount: "1000" }));
    expect(low.json).toMatchObject({ code: "AMOUNT_TOO_LOW", minInrAmount: "2000" });
    const high = await postOrder(client, orderInput({ amount: "5000.01" }));
    expect(high.json).toMatchObject({ code: "AMOUNT_TOO_HIGH", maxInrAmount: "5000" });
    const badName = await postOrder(client, orderInput({ amount: "3000", payerName: "Rahul 42" }));
    expect(badName.json).toMatchObject({ code: "INVALID_INPUT", field: "payerName" });
  });

  it("refuses a signed-out caller with 401 and stores nothing", async () => {
    const before = await countOrders();
    const response = await createClient(testApp).post("/api/orders", orderInput());
    expect(response.status).toBe(401);
    expect(await countOrders()).toBe(before);
  });

  it("refuses malformed JSON with 400", async () => {
    const client = await customer();
    const response = await testApp.app.request("/api/orders", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "http://localhost:3000",
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Malformed JSON in request body",
      code: "MALFORMED_JSON",
    });
  });

  it("lets one of 50 concurrent submissions with the same reference through", async () => {
    const clients = await Promise.all([customer(), customer()]);
    const paymentReference = nextReference();
    // Each customer's payment step first, as their page shows it once: the race is the reference's.
    const bodies = await Promise.all(
      clients.map((client) => withOffer(client, orderInput({ paymentReference }))),
    );
    const before = await countOrders();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postOrder(clients[i % 2] as Client, bodies[i % 2] as Record<string, unknown>),
      ),
    );
    const statuses = responses.map((response) => response?.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    // The winner's own retries are pointed to its order; the other customer learns nothing of it.
    const winner = responses.findIndex((response) => response?.status === 201) % 2;
    responses.forEach((response, i) => {
      if (response?.status !== 409) return;
      if (i % 2 === winner) expect(response.json.code).toBe("PAYMENT_REFERENCE_YOURS");
      else
        expect(response.json).toEqual({
          error: expect.stringMatching(/already been used/),
          code: "PAYMENT_REFERENCE_USED",
        });
    });
    expect(await countOrders()).toBe(before + 1);
  });

  it("refuses a used reference written with separators, under any method, and stores nothing", async () => {
    const client = await customer();
    const stranger = await customer();
    const paymentReference = nextReference();
    expect((await postOrder(client, orderInput({ paymentReference }))).status).toBe(201);
    const before = await countOrders();
    const grouped = `${paymentReference.slice(0, 4)}-${paymentReference.slice(4, 8)}/${paymentReference.slice(8)}`;
    for (const sendCurrency of ["upi_inr", "bank_inr", "cash_inr", "erupee_inr"]) {
      const response = await postOrder(
        stranger,
        orderInput({ sendCurrency, paymentReference: grouped }),
      );
      expect(response.status, sendCurrency).toBe(409);
      expect(response.json.code).toBe("PAYMENT_REFERENCE_USED");
      expect(response.json).not.toHaveProperty("orderId");
    }
    // Without a payment offer of their own, a stranger cannot tell a used reference.
    const probe = await stranger.post("/api/orders", {
      ...orderInput({ paymentReference }),
      receivingOfferId: randomUUID(),
    });
    expect(probe.status).toBe(409);
    expect(probe.json.code).toBe("PAYMENT_OFFER_NOT_VALID");
    expect(await countOrders()).toBe(before);
  });

  it("points a customer who sends their own order again without its key (a reload) to that order", async () => {
    const client = await customer();
    const paymentReference = nextReference();
    const first = await postOrder(client, orderInput({ paymentReference }));
    expect(first.status).toBe(201);
    const before = await countOrders();
    const again = await postOrder(client, orderInput({ paymentReference }));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      error: `You have already placed order #${first.json.shortId} with this payment reference.`,
      code: "PAYMENT_REFERENCE_YOURS",
      orderId: first.json.id,
    });
    expect(await countOrders()).toBe(before);
  });

  it("returns the first order when a submission is retried with the same idempotency key", async () => {
    const client = await customer();
    const input = await withOffer(client, orderInput());
    const headers = { "idempotency-key": "retry-key-123456" };
    const first = await client.post("/api/orders", input, headers);
    const before = await countOrders();
    const [second, third] = await Promise.all([
      client.post("/api/orders", input, headers),
      client.post("/api/orders", input, headers),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.json.id).toBe(first.json.id);
    expect(third.json.id).toBe(first.json.id);
    expect(await countOrders()).toBe(before);
  });

  it("refuses a retry that reuses the idempotency key with other details, storing nothing", async () => {
    const client = await customer();
    const headers = { "idempotency-key": "changed-retry-123456" };
    const first = await postOrder(client, orderInput(), headers);
    expect(first.status).toBe(201);
    const before = await countOrders();
    const changed = await postOrder(client, orderInput({ amount: "9000" }), headers);
    expect(changed.status).toBe(422);
    expect(changed.json).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", orderId: first.json.id });
    expect(changed.json.error).toContain(first.json.id.slice(0, 8));
    expect(await countOrders()).toBe(before);
  });

  it("refuses an idempotency key too short or too long, storing nothing", async () => {
    const client = await customer();
    const input = await withOffer(client, orderInput());
    const before = await countOrders();
    for (const key of ["short12", "k".repeat(101)]) {
      const refused = await client.post("/api/orders", input, { "idempotency-key": key });
      expect(refused.status, key).toBe(400);
      expect(refused.json).toEqual({
        error: "The Idempotency-Key header must be 8 to 100 characters long.",
        code: "INVALID_INPUT",
        field: "idempotency-key",
      });
    }
    expect(await countOrders()).toBe(before);
    // The offer is still unused: the same order goes through with a good key.
    const placed = await client.post("/api/orders", input, { "idempotency-key": "k".repeat(100) });
    expect(placed.status, placed.text).toBe(201);
  });

  it("documents the Idempotency-Key header of both order routes", async () => {
    const response = await testApp.app.request("/api/openapi.json");
    const document = (await response.json()) as {
      paths: Record<string, { post?: { parameters?: { name: string; in: string }[] } }>;
    };
    for (const path of ["/api/orders", "/api/admin/orders"]) {
      expect(document.paths[path]?.post?.parameters, path).toContainEqual(
        expect.objectContaining({ name: "Idempotency-Key", in: "header" }),
      );
    }
  });

  it("keeps one user's idempotency keys apart from another's", async () => {
    const headers = { "idempotency-key": "shared-key-123456" };
    const a = await postOrder(await customer(), orderInput(), headers);
    const b = await postOrder(await customer(), orderInput(), headers);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.json.id).not.toBe(a.json.id);
  });
});

describe("reading orders", () => {
  it("shows a user their own order with its timeline, and another user's as 404", async () => {
    const owner = await customer();
    const placed = await postOrder(owner, orderInput());
    const own = await owner.get(`/api/orders/${placed.json.id}`);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: placed.json.id, events: [{ toStatus: "pending" }] });

    const stranger = await customer();
    const theirs = await stranger.get(`/api/orders/${placed.json.id}`);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.json)).not.toContain(TRON_WALLET);
    expect((await stranger.get("/api/orders/not-a-uuid")).status).toBe(404);
    expect((await createClient(testApp).get(`/api/orders/${placed.json.id}`)).status).toBe(401);
  });

  it("lists only the user's orders, newest first, a page at a time", async () => {
    const client = await customer();
    const other = await customer();
    await postOrder(other, orderInput());
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) {
      placed.push((await postOrder(client, orderInput())).json.id);
    }
    const first = await client.get("/api/orders?limit=2");
    const second = await client.get(`/api/orders?limit=2&cursor=${first.json.nextCursor}`);
    const third = await client.get(`/api/orders?limit=2&cursor=${second.json.nextCursor}`);
    const ids = [...first.json.orders, ...second.json.orders, ...third.json.orders].map(
      (order: { id: string }) => order.id,
    );
    expect(ids).toEqual(placed.reverse());
    expect(third.json.nextCursor).toBeNull();
  });

  it("refuses a forged cursor with 400", async () => {
    const client = await customer();
    const response = await client.get("/api/orders?cursor=bm90LWEtY3Vyc29y");
    expect(response.status).toBe(400);
  });
});

describe("the order rate limit", () => {
  it("refuses a customer's orders beyond the per-minute limit with 429, storing nothing", async () => {
    const limited = await createTestApp({ ORDER_RATE_LIMIT_PER_MINUTE: "3" });
    try {
      const client = await signedInCustomerOf(limited);
      for (let i = 0; i < 3; i++) {
        expect((await postOrder(client, orderInput())).status).toBe(201);
      }
      const refused = await postOrder(client, orderInput());
      expect(refused.status).toBe(429);
      expect(refused.json.error).toMatch(/wait a moment/);
      const stored = await limited.db.selectFrom("orders").select("id").execute();
      expect(stored).toHaveLength(3);

      // Another customer has a limit of their own.
      const other = await signedInCustomerOf(limited);
      expect((await postOrder(other, orderInput())).status).toBe(201);

      // A new window opens a minute after the first order of the last one.
      await limited.db
        .updateTable("order_rate_windows")
        .set({ window_started_at: sql<Date>`now() - interval '61 seconds'` })
        .execute();
      expect((await postOrder(client, orderInput())).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("holds when a customer submits many orders at once", async () => {
    const limited = await createTestApp({ ORDER_RATE_LIMIT_PER_MINUTE: "5" });
    try {
      const client = await signedInCustomerOf(limited);
      // Twenty payments, each shown its account first (an offer per amount).
      const bodies = [];
      for (let i = 0; i < 20; i++) {
        bodies.push(await withOffer(client, orderInput({ amount: String(8600 + i) })));
      }
      const responses = await Promise.all(bodies.map((body) => client.post("/api/orders", body)));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(429)]);
      const stored = await limited.db.selectFrom("orders").select("id").execute();
      expect(stored).toHaveLength(5);
    } finally {
      await limited.close();
    }
  });

  it("does not count an order a rule refused", async () => {
    const limited = await createTestApp({ ORDER_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const client = await signedInCustomerOf(limited);
      for (let i = 0; i < 3; i++) {
        const stale = await postOrder(client, orderInput({ quotedRate: "85" }));
        expect(stale.status).toBe(409);
      }
      expect((await postOrder(client, orderInput())).status).toBe(201);
      expect((await postOrder(client, orderInput())).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

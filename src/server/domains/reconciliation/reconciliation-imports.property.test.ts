import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertUpiAccount } from "../../testing/desk-accounts";
import { nextReference, TRON_WALLET } from "../../testing/orders";
import { sampleStatementCsv } from "../../testing/statement-fixtures";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { RawBody } from "../../testing/test-client";

let testApp: TestApp;
let admin: Client;
let customerId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  customerId = (await signedInCustomer(testApp)).userId;
});
afterAll(() => testApp.close());

type Credit = { reference: string; amount: string; order: "same amount" | "other amount" | "none" };

const creditArbitrary = fc.record({
  amount: fc.constantFrom("100.00", "8600.00", "25000.50"),
  order: fc.constantFrom("same amount", "other amount", "none"),
}) satisfies fc.Arbitrary<Omit<Credit, "reference">>;

/**
 * How the credits reach the desk: the statement cut into consecutive pieces, each
 * piece possibly reaching into the next (overlapping statements) or imported twice,
 * and the files imported in any order.
 */
const importsArbitrary = fc
  .array(creditArbitrary, { minLength: 1, maxLength: 10 })
  .chain((credits) =>
    fc.record({
      credits: fc.constant(credits),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, credits.length - 1) }), {
        maxLength: 3,
      }),
      overlaps: fc.array(fc.nat(2), { minLength: 4, maxLength: 4 }),
      duplicated: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      order: fc.infiniteStream(fc.nat()),
    }),
  );

/** The group each reference must end in, whatever the imports. */
function expectedGroups(credits: Credit[]) {
  const of = (kind: Credit["order"]) =>
    credits
      .filter((credit) => credit.order === kind)
      .map((credit) => credit.reference)
      .sort();
  return {
    matched: of("same amount"),
    mismatch: of("other amount"),
    thirdParty: [],
    payerUnknown: [],
    otherAccount: [],
    unclaimed: of("none"),
    notReceived: [],
  };
}

async function insertOrder(accountId: string, credit: Credit) {
  const amount = credit.order === "same amount" ? credit.amount : "1.00";
  await testApp.db
    .insertInto("orders")
    .values({
      user_id: customerId,
      user_email: "payer@example.com",
      send_currency: "upi_inr",
      send_amount: amount,
      receive_currency: "usdt",
      receive_amount: "1",
      exchange_rate: "86",
      network: "trc20",
      wallet_address: TRON_WALLET,
      payment_reference: credit.reference,
      payer_name: "Rahul Kumar",
      receiving_account_id: accountId,
    })
    .execute();
}

describe("importing statements in pieces", () => {
  it("gives the same matches for shuffled, duplicated and overlapping imports", async () => {
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    await fc.assert(
      fc.asyncProperty(
        importsArbitrary,
        async ({ credits: drawn, cuts, overlaps, duplicated, order }) => {
          const accountId = await insertUpiAccount(testApp.db, { retired_at: new Date() });
          const credits = drawn.map((credit) => ({ ...credit, reference: nextReference() }));
          for (const credit of credits) {
            if (credit.order !== "none") await insertOrder(accountId, credit);
          }
          const bounds = [0, ...[...cuts].sort((a, b) => a - b), credits.length];
          const pieces = bounds.slice(1).flatMap((end, index) => {
            const start = bounds[index] ?? 0;
            const piece = credits.slice(
              start,
              Math.min(credits.length, end + (overlaps[index] ?? 0)),
            );
            return duplicated[index] ? [piece, piece] : [piece];
          });
          const shuffled = pieces
            .map((piece) => ({ piece, key: order.next().value }))
            .sort((a, b) => a.key - b.key)
            .map(({ piece }) => piece);

          let added = 0;
          for (const piece of shuffled) {
            if (piece.length === 0) continue;
            const csv = sampleStatementCsv(
              "sbi",
              piece.map((credit) => ({
                date: today,
                narration: `UPI/CR/${credit.reference}/RAHUL KUMAR/HDFC/payer@okhdfcbank`,
                credit: credit.amount,
              })),
            );
            const response = await admin.request(
              "POST",
              `/api/admin/reconciliation/accounts/${accountId}/statements`,
              new RawBody(csv),
              { "content-type": "text/csv" },
            );
            expect(response.status, response.text).toBe(201);
            added += response.json.creditsAdded as number;
          }

          expect(added).toBe(credits.length);
          const response = await admin.get(`/api/admin/reconciliation/accounts/${accountId}`);
          const groups = response.json.groups as Record<string, { items: { reference: string }[] }>;
          const found = Object.fromEntries(
            Object.entries(groups).map(([group, { items }]) => [
              group,
              items.map((item) => item.reference).sort(),
            ]),
          );
          expect(found).toEqual(expectedGroups(credits));
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("payer names", () => {
  it.each([
    ["RAHUL KUMAR", "Rahul Kumar", true],
    ["RAHUL  KUMAR", "rahul kumar", true],
    ["KUMAR RAHUL", "Rahul Kumar", true],
    ["R KUMAR", "Rahul Kumar", true],
    ["RAHUL K", "Rahul Kumar", true],
    ["MR RAHUL KUMAR SHARMA", "Rahul Kumar", true],
    ["RAHULKUMAR", "Rahul Kumar", true],
    ["RAHUL KUMA", "Rahul Kumar", true],
    ["R K", "Rahul Kumar", false],
    ["ANITA DESAI", "Rahul Kumar", false],
    ["RAHUL VERMA", "Rahul Kumar", false],
    ["PRIYA", "Rahul Kumar", false],
  ])("%s paying for %s agree: %s", async (bankName, orderName, agree) => {
    const { rows } = await sql<{ agree: boolean }>`
      SELECT payer_names_agree(${bankName}, ${orderName}) AS agree`.execute(testApp.db);
    expect(rows[0]?.agree).toBe(agree);
  });

  it("splits a name into its parts, longest first, without titles or marks", async () => {
    const { rows } = await sql<{ parts: string[]; none: string[]; unknown: string[] }>`
      SELECT payer_name_parts(' Mr. rahul  kumar-SHARMA r ') AS parts,
             payer_name_parts('Dr.') AS none, payer_name_parts(NULL) AS unknown`.execute(
      testApp.db,
    );
    expect(rows[0]).toEqual({ parts: ["SHARMA", "KUMAR", "RAHUL", "R"], none: [], unknown: [] });
  });
});

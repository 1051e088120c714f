import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInCustomer } from "../testing/actors";
import { createTestApp, type TestApp } from "../testing/test-app";
import { offerReceivingAccount } from "./offer-receiving-account";

let testApp: TestApp;
let userId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  userId = (await signedInCustomer(testApp)).userId;
});
afterAll(() => testApp.close());
beforeEach(async () => {
  await testApp.db.deleteFrom("receiving_account_offers").execute();
  await testApp.db.deleteFrom("receiving_accounts").execute();
});

async function upiAccounts(caps: (string | null)[]) {
  return Promise.all(
    caps.map(async (cap, index) => {
      const { id } = await testApp.db
        .insertInto("receiving_accounts")
        .values({
          kind: "upi",
          label: `UPI ${index + 1}`,
          upi_id: `desk${index + 1}@okhdfcbank`,
          daily_cap_inr: cap,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    }),
  );
}

const offer = (amount: string) =>
  offerReceivingAccount(testApp.db, { userId, kind: "upi", sendCurrency: "upi_inr", amount });

describe("offering a receiving account", () => {
  it("takes turns over three accounts, skips a full one, and refuses plainly when all are full", async () => {
    const [first, second, third] = await upiAccounts(["10000", "5000", "10000"]);
    const turns = [];
    for (let i = 0; i < 3; i++) turns.push((await offer("5000")).receiving_account_id);
    expect(new Set(turns)).toEqual(new Set([first, second, third]));

    // The second account is full; the other two each have 5000 left.
    const next = [
      (await offer("5000")).receiving_account_id,
      (await offer("5000")).receiving_account_id,
    ];
    expect(new Set(next)).toEqual(new Set([first, third]));

    await expect(offer("1")).rejects.toMatchObject({ status: 409, code: "NO_RECEIVING_ACCOUNT" });
    expect(
      await testApp.db.selectFrom("receiving_account_offers").select("id").execute(),
    ).toHaveLength(5);
  });

  it("never goes over the cap when 50 customers race for room for 10", async () => {
    await upiAccounts(["10000"]);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => offer("1000")));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    const held = await testApp.db
      .selectFrom("receiving_account_offers")
      .select((eb) => eb.fn.sum<string>("send_amount").as("total"))
      .executeTakeFirstOrThrow();
    expect(held.total).toBe("10000.00");
  });

  it("offers no paused account", async () => {
    await upiAccounts([null]);
    await testApp.db
      .updateTable("receiving_accounts")
      .set({ paused: true })
      .where("kind", "=", "upi")
      .execute();
    await expect(offer("100")).rejects.toMatchObject({ code: "NO_RECEIVING_ACCOUNT" });
  });
});

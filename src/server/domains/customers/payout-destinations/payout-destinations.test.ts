import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInCustomer } from "../../../testing/actors";
import { createTestApp, type TestApp } from "../../../testing/test-app";
import { createClient } from "../../../testing/test-client";
import { isSameName, MAX_PAYOUT_DESTINATIONS } from "./payout-destinations.service";

/*
 * Payout destinations (issue 44, item 2): where a customer who sells USDT is paid
 * rupees, a UPI ID or a bank account in their own name. Another person's account is
 * refused, or kept and held for an operator when the desk allows it.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

beforeEach(async () => {
  await testApp.db.updateTable("site_settings").set({ sell_hold_other_names: false }).execute();
});

const PATH = "/api/account/payout-destinations";
const upi = (holderName: string, upiId = "rahul.k@okhdfcbank") => ({
  kind: "upi",
  holderName,
  upiId,
});
const bank = (holderName: string, accountNumber = "123456789012") => ({
  kind: "bank",
  holderName,
  accountNumber,
  ifscCode: "sbin0003853",
});

async function verifiedAs(customer: { userId: string }, name: string) {
  await testApp.db
    .insertInto("customer_verifications")
    .values({ user_id: customer.userId, status: "verified", verified_name: name })
    .execute();
}

async function storedFor(customer: { userId: string }) {
  return testApp.db
    .selectFrom("payout_destinations")
    .select(["kind", "holder_name", "upi_id", "account_number", "ifsc_code", "holder_is_customer"])
    .where("user_id", "=", customer.userId)
    .where("removed_at", "is", null)
    .orderBy("created_at")
    .execute();
}

describe("a customer's payout destinations", () => {
  it("keep a UPI ID and a bank account in the customer's verified name, whatever the word order", async () => {
    const customer = await signedInCustomer(testApp);
    await verifiedAs(customer, "Rahul Kumar");
    const added = await customer.post(PATH, upi("KUMAR  rahul"));
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({
      kind: "upi",
      upiId: "rahul.k@okhdfcbank",
      holderIsCustomer: true,
    });
    const account = await customer.post(PATH, bank("Rahul Kumar"));
    expect(account.status, account.text).toBe(201);
    expect(account.json).toMatchObject({ ifscCode: "SBIN0003853", accountNumber: "123456789012" });

    const listed = await customer.get(PATH);
    expect(listed.json.destinations.map((d: { kind: string }) => d.kind)).toEqual(["upi", "bank"]);
    // Another customer sees none of them, and cannot remove them.
    const other = await signedInCustomer(testApp);
    expect((await other.get(PATH)).json.destinations).toEqual([]);
    const removal = await other.post(`${PATH}/${added.json.id}/remove`, {});
    expect(removal.status).toBe(404);
    expect(await storedFor(customer)).toHaveLength(2);

    expect((await customer.post(`${PATH}/${added.json.id}/remove`, {})).status).toBe(200);
    expect((await customer.get(PATH)).json.destinations).toHaveLength(1);
    // Removed, it may be added again.
    expect((await customer.post(PATH, upi("Rahul Kumar"))).status).toBe(201);
  });

  it("refuse another person's account, writing nothing, unless the desk holds such sales instead", async () => {
    const customer = await signedInCustomer(testApp);
    await verifiedAs(customer, "Rahul Kumar");
    const refused = await customer.post(PATH, upi("Rahul Kumar Sharma"));
    expect(refused.status, refused.text).toBe(422);
    expect(refused.json).toMatchObject({
      code: "PAYOUT_NAME_NOT_YOURS",
      field: "holderName",
      name: "Rahul Kumar",
    });
    expect(refused.json.error).toMatch(/must be in your own name \(Rahul Kumar\)/);
    expect(await storedFor(customer)).toEqual([]);

    await testApp.db.updateTable("site_settings").set({ sell_hold_other_names: true }).execute();
    const held = await customer.post(PATH, upi("Priya Sharma"));
    expect(held.status, held.text).toBe(201);
    expect(held.json.holderIsCustomer).toBe(false);
  });

  it("take an unverified customer's first holder name as the name they gave, and hold later ones to it", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await customer.post(PATH, upi("Anita Desai"))).status).toBe(201);
    const refused = await customer.post(PATH, bank("Someone Else"));
    expect(refused.status).toBe(422);
    expect(refused.json.name).toBe("Anita Desai");
    expect((await customer.post(PATH, bank("anita DESAI"))).status).toBe(201);
  });

  it("refuse bad input with a clear 400 and an account added twice with a 409, writing nothing", async () => {
    const customer = await signedInCustomer(testApp);
    await verifiedAs(customer, "Rahul Kumar");
    for (const [body, message] of [
      [{ ...upi("Rahul Kumar"), upiId: "rahul" }, /UPI ID like name@bank/],
      [{ ...upi("Rahul Kumar"), upiId: "rahul@ok hdfc" }, /UPI ID like name@bank/],
      [{ ...bank("Rahul Kumar"), ifscCode: "SBIN1003853" }, /IFSC code must be 11 characters/],
      [{ ...bank("Rahul Kumar"), accountNumber: "1234 5678 9012" }, /9 to 18 digits/],
      [{ ...bank("Rahul Kumar"), accountNumber: "12345678" }, /9 to 18 digits/],
      [upi("R"), /account holder's name as the bank shows it/],
      [upi("Rahul\u202eKumar"), /in letters/],
      [upi("12345"), /in letters/],
      [{ kind: "cash", holderName: "Rahul Kumar" }, /UPI ID or a bank account/],
    ] as const) {
      const response = await customer.post(PATH, body);
      expect(response.status, `${JSON.stringify(body)}: ${response.text}`).toBe(400);
      expect(response.json.error).toMatch(message);
    }
    expect(await storedFor(customer)).toEqual([]);

    expect((await customer.post(PATH, upi("Rahul Kumar", "Rahul.K@okhdfcbank"))).status).toBe(201);
    const twice = await customer.post(PATH, upi("Rahul Kumar", "rahul.k@OKHDFCBANK"));
    expect(twice.status, twice.text).toBe(409);
    expect(twice.json.code).toBe("PAYOUT_DESTINATION_EXISTS");
    expect(await storedFor(customer)).toHaveLength(1);
    expect((await customer.post(`${PATH}/not-an-id/remove`, {})).status).toBe(400);
  });

  it("keep at most the ceiling, even when the additions race", async () => {
    const customer = await signedInCustomer(testApp);
    await verifiedAs(customer, "Rahul Kumar");
    const answers = await Promise.all(
      Array.from({ length: MAX_PAYOUT_DESTINATIONS + 3 }, (_, index) =>
        customer.post(PATH, bank("Rahul Kumar", `9000000000${String(index).padStart(2, "0")}`)),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_PAYOUT_DESTINATIONS);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(await storedFor(customer)).toHaveLength(MAX_PAYOUT_DESTINATIONS);
  });

  it("are for signed-in customers only", async () => {
    const anonymous = createClient(testApp);
    expect((await anonymous.get(PATH)).status).toBe(401);
    expect((await anonymous.post(PATH, upi("Rahul Kumar"))).status).toBe(401);
  });
});

describe("the same name", () => {
  it("is the same words in any order, case or look-alike letters, and no word more or less", () => {
    expect(isSameName("Rahul Kumar", "KUMAR, Rahul")).toBe(true);
    expect(isSameName("Rаhul Kumar", "Rahul Kumar")).toBe(true); // a Cyrillic "а"
    expect(isSameName("Rahul Kumar", "Rahul")).toBe(false);
    expect(isSameName("Rahul Kumar", "Rahul Kumar Sharma")).toBe(false);
    expect(isSameName("", "")).toBe(false);
  });
});

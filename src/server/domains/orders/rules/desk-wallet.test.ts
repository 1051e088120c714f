import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin, signedInCustomer } from "../../../testing/actors";
import {
  countRows,
  ERC20_WALLET,
  orderInput,
  postOrder,
  TRON_WALLET,
} from "../../../testing/orders";
import { createTestApp, type TestApp } from "../../../testing/test-app";

let testApp: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  customer = await signedInCustomer(testApp);
  for (const [network, walletAddress] of [
    ["trc20", TRON_WALLET],
    ["polygon", ERC20_WALLET],
  ]) {
    const saved = await admin.request("PUT", `/api/admin/treasury/${network}`, {
      walletAddress,
      feePerPayout: "",
      alertOwedPercent: "",
      pauseWhenShort: false,
    });
    expect(saved.status, saved.text).toBe(200);
  }
});
afterAll(() => testApp.close());

describe("an order to the desk's own payout wallet", () => {
  it.each([
    ["trc20", TRON_WALLET],
    ["polygon", ERC20_WALLET.toLowerCase()],
  ])("is refused on %s with a clear message, and nothing is stored", async (network, wallet) => {
    const before = await countRows(testApp);
    const answer = await postOrder(customer, orderInput({ network, walletAddress: wallet }));
    expect(answer.status).toBe(422);
    expect(answer.json).toMatchObject({ code: "DESK_WALLET", field: "walletAddress" });
    expect(answer.json.error).toContain("RupeeDesk's own wallet");
    expect(await countRows(testApp)).toEqual(before);
  });

  it("is refused on another EVM network too: the desk's key holds the address there", async () => {
    const answer = await postOrder(
      customer,
      orderInput({ network: "bep20", walletAddress: ERC20_WALLET }),
    );
    expect(answer.status).toBe(422);
    expect(answer.json.code).toBe("DESK_WALLET");
  });

  it("leaves other wallets be", async () => {
    await admin.request("PUT", "/api/admin/treasury/trc20", {
      walletAddress: "TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY",
      feePerPayout: "",
      alertOwedPercent: "",
      pauseWhenShort: false,
    });
    const answer = await postOrder(customer, orderInput({ walletAddress: TRON_WALLET }));
    expect(answer.status, answer.text).toBe(201);
  });
});

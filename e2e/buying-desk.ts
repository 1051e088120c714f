import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { USDT_TOKENS } from "../src/server/platform/config/chain-tokens";
import { startFakeChain } from "../src/server/testing/fake-chain";
import { baseUnitsOf, FakeEvmNode } from "../src/server/testing/fake-evm-node";
import { expect, secondBrowserPage, stepUpAsAdmin } from "./fixtures";

/*
 * A desk that buys USDT on BEP20 for the sale journeys: an operator stepped up, the
 * desk's BEP20 payout wallet registered, buying on at ₹84, and the stand-in BEP20 node on
 * E2E_BEP20_PORT that the e2e server's watcher reads every 5 s. It changes site-wide
 * settings, so its specs run alone (SITE_WIDE_SPECS); `close` puts them back.
 */

const { token, decimals } = USDT_TOKENS.bep20;

export const BUY_RATE = "84";

export type BuyingDesk = Awaited<ReturnType<typeof startBuyingDesk>>;

export async function startBuyingDesk(browser: Browser, origin: string) {
  // A wallet of this run's own: the server keeps where its watcher got to per wallet,
  // and a run in a new worker starts a new stand-in chain at block 100.
  const wallet = `0x${randomBytes(20).toString("hex")}`;
  const node = new FakeEvmNode();
  const chain = await startFakeChain(node.respond, { port: Number(process.env.E2E_BEP20_PORT) });
  const operator: Page = await secondBrowserPage(browser);
  await stepUpAsAdmin(operator);
  const headers = { origin };
  const registered = await operator.request.put("/api/admin/treasury/bep20", {
    data: { walletAddress: wallet, feePerPayout: "", alertOwedPercent: "", pauseWhenShort: false },
    headers,
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const { exchangeRate: _, ...buyingBefore } = await (
    await operator.request.get("/api/admin/settings/buying")
  ).json();
  const saved = await operator.request.put("/api/admin/settings/buying", {
    data: { ...buyingBefore, buyRate: BUY_RATE, buyNetworks: ["bep20"], sellMinUsdt: "10" },
    headers,
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return {
    operator,
    node,
    wallet,
    /** A customer's wallet sends exactly `usdt` to the desk, in a block of its own. */
    deposit(usdt: string) {
      node.send({
        token,
        from: `0x${randomBytes(20).toString("hex")}`,
        to: wallet,
        baseUnits: baseUnitsOf(usdt, decimals),
      });
      node.head += 1;
    },
    async close() {
      await operator.request.put("/api/admin/settings/buying", { data: buyingBefore, headers });
      await operator.request.delete("/api/admin/treasury/bep20/wallet", { headers });
      await operator.context().close();
      await chain.close();
    },
  };
}

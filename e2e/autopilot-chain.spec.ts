import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import pg from "pg";
import { erc20Abi } from "viem";
import { startFakeChain } from "../src/server/testing/fake-chain";
import { startRealEvmNode } from "../src/server/testing/real-evm-node";
import { hsmEvmAccount } from "../src/signer/evm/hsm-evm-account";
import { openHsm } from "../src/signer/hsm/pkcs11-keys";
import { evmChainEnv, signerEnv } from "../src/signer/testing/signer-env";
import { newSoftHsmToken } from "../src/signer/testing/soft-hsm";
import {
  logIn,
  placeOrderByApi,
  secondBrowserPage,
  signUpAndLogInByApi,
  uniqueEmail,
} from "./fixtures";

/*
 * Autopilot on a desk of its own, as an operator runs it: `npm start` on PostgreSQL with
 * the payout signer beside it (a key in SoftHSM2), a local EVM node with a real ERC-20.
 * The operator verifies the payment; the customer's page reaches Completed with no
 * other click. The signer needs PostgreSQL: without TEST_DATABASE_URL this is skipped.
 */

const SERVER = process.env.TEST_DATABASE_URL;
test.skip(!SERVER, "the payout signer needs PostgreSQL (TEST_DATABASE_URL)");

const ADMIN = { email: "autopilot-admin@rupeedesk.test", password: "autopilot-pass-123" };
// An EIP-55 test vector: the customer's ERC20 wallet.
const WALLET = "0x52908400098527886E0F7030069857D2E4169EE7";

let desk: Awaited<ReturnType<typeof startDesk>> | undefined;
test.beforeAll(async () => {
  test.info().setTimeout(180_000);
  desk = await startDesk(test.info().project.use.baseURL ?? "");
});
test.afterAll(async () => desk?.stop());

test("the operator verifies an ERC20 order's payment and the customer's page reaches Completed with no other click", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const customer = await secondBrowserPage(browser);
  await signUpAndLogInByApi(customer, uniqueEmail("autopilot-chain"));
  const orderId = await placeOrderByApi(customer, { network: "erc20", walletAddress: WALLET });
  await customer.goto(`/order/${orderId}`);
  await expect(customer.getByText("Payment Verification").first()).toBeVisible();

  await stepUp(page);
  await page.goto(`/admin/orders?order=${orderId}`);
  const details = page.getByRole("dialog", { name: `Order ${orderId.slice(0, 8)}` });
  await details.getByRole("button", { name: /Verify payment/ }).click();
  await expect(details.getByText("Processing", { exact: true }).first()).toBeVisible();

  // No other click: the signer sends, the node mines, the watcher completes the order.
  await expect(customer.getByText("Completed", { exact: true }).first()).toBeVisible({
    timeout: 120_000,
  });
  await customer.screenshot({ path: test.info().outputPath("completed-by-autopilot.png") });
  expect(await desk?.balanceOf(WALLET)).toBe(100_000_000n);

  await page.reload();
  const sent = details.getByRole("region", { name: "Sent by autopilot" });
  await expect(sent).toContainText("Taken by the node");
  await details.screenshot({ path: test.info().outputPath("sent-by-autopilot.png") });
  await page.goto("/admin/autopilot");
  const row = page
    .getByRole("table", { name: "Sent" })
    .getByRole("row", { name: new RegExp(orderId.slice(0, 8)) });
  await expect(row).toContainText("Completed");
  // What it cost, once final (the page reads again every 10 seconds).
  await expect(row).toContainText(/Fee 0\.\d+ ETH/, { timeout: 30_000 });
  await expect(page.getByText("Running")).toBeVisible();
  // 10,000 USDT funded, 100 paid: the hot wallet is above its ceiling of 5,000.
  await expect(page.getByText("9,900.0000 USDT of its 5,000.0000 USDT ceiling")).toBeVisible();
  await expect(
    page.getByText("Above its ceiling: sweep 4,900.0000 USDT to cold storage."),
  ).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath("autopilot-hot-wallet.png"),
    fullPage: true,
  });
});

/** The admin through the forms: log in, then Admin Access. */
async function stepUp(page: Page) {
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/admin-login");
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * A fresh database, the node and its token, a payout key in a new SoftHSM2 token
 * (funded), then `npm start` with the signer configured; the desk set up through its
 * API: a UPI account to be paid into, the key's address as the ERC20 payout wallet,
 * autopilot on there with no approvals.
 */
async function startDesk(baseURL: string) {
  const name = `rupeedesk_e2e_autopilot_${randomBytes(4).toString("hex")}`;
  await runSql(`CREATE DATABASE ${name}`);
  const databaseUrl = new URL(SERVER ?? "");
  databaseUrl.pathname = `/${name}`;

  const node = await startRealEvmNode();
  const token = await node.deployDollar("USDT");
  const rpc = await startFakeChain((method, params) => node.respond(method, params));
  const softHsm = newSoftHsmToken("e2e-autopilot");
  const hsm = openHsm(softHsm.config);
  const sender = hsmEvmAccount(hsm.key("payout-erc20", "secp256k1")).address;
  hsm.close();
  await node.chain.setBalance({ address: sender, value: 10n ** 20n });
  await node.fund(token, sender, 10_000_000_000n);
  // Blocks keep coming, as on a chain: the payout gathers its confirmations.
  const miner = setInterval(() => void node.chain.mine({ blocks: 1 }), 1_000);

  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...signerEnv(
        { databaseUrl: databaseUrl.toString(), hsm: softHsm.config },
        evmChainEnv({ chainId: node.chain.chain.id, nodeUrl: rpc.url, token }),
      ),
      PORT: new URL(baseURL).port,
      PUBLIC_URL: baseURL,
      DATA_DIR: mkdtempSync(join(tmpdir(), "rupeedesk-e2e-autopilot-")),
      TRUST_PROXY: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CHAIN_CONFIRMATIONS_ERC20: "2",
      SIGNER_PASS_MS: "1000",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await expect
    .poll(
      () =>
        fetch(`${baseURL}/api/health`).then(
          (answer) => answer.status,
          () => 0,
        ),
      {
        timeout: 120_000,
      },
    )
    .toBe(200);
  await setUpDesk(baseURL, sender);
  return {
    balanceOf: (wallet: `0x${string}`) =>
      node.chain.readContract({
        address: token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [wallet],
      }),
    stop: async () => {
      clearInterval(miner);
      await stopProcess(server);
      await rpc.close();
      await runSql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function setUpDesk(baseURL: string, sender: string) {
  const headers = { origin: baseURL, "content-type": "application/json" };
  let cookie = "";
  const call = async (method: string, path: string, body: unknown) => {
    const answer = await fetch(baseURL + path, {
      method,
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    expect(answer.status, `${path}: ${await answer.clone().text()}`).toBeLessThan(300);
    cookie = [cookie, ...answer.headers.getSetCookie().map((set) => set.split(";")[0])]
      .filter(Boolean)
      .join("; ");
  };
  await call("POST", "/api/auth/sign-in/email", ADMIN);
  await call("POST", "/api/admin/session/step-up", { password: ADMIN.password });
  await call("POST", "/api/admin/receiving-accounts", {
    kind: "upi",
    label: "Desk UPI",
    upiId: "rupeedesk@okhdfcbank",
    payeeName: "RupeeDesk",
    sendMethods: ["upi"],
    dailyCapInr: "",
    perOrderMaxInr: "",
    paused: false,
  });
  await call("PUT", "/api/admin/treasury/erc20", {
    walletAddress: sender,
    feePerPayout: "",
    alertOwedPercent: "",
    pauseWhenShort: false,
  });
  await call("PUT", "/api/admin/settings/autopilot/erc20", {
    enabled: true,
    maxPayoutUsdt: "1000",
    maxDayUsdt: "10000",
    approveAboveUsdt: "1000",
    secondApprovalAboveUsdt: "1000",
    approveFirstOrder: false,
    maxFeePerPayout: "1",
    hotWalletCeilingUsdt: "5000",
  });
}

async function runSql(statement: string) {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await gone;
}

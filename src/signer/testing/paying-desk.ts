import { type Address, erc20Abi, getAddress, type LocalAccount } from "viem";
import { expect } from "vitest";
import { openPostgres } from "../../server/platform/db/database";
import { grantDatabaseRoles } from "../../server/platform/db/database-roles";
import { type Client, signedInAdmin, signedInCustomer } from "../../server/testing/actors";
import { createLoginRoles } from "../../server/testing/database-roles";
import type { FakeChainAnswer } from "../../server/testing/fake-chain";
import { baseUnitsOf } from "../../server/testing/fake-evm-node";
import { placeOrder } from "../../server/testing/orders";
import { startRealEvmNode } from "../../server/testing/real-evm-node";
import type { TestApp } from "../../server/testing/test-app";
import { freshEvmWallet, startWatchedDesk } from "../../server/testing/watched-desk";
import type { AutopilotNetworkInput } from "../../shared/autopilot-policy-input";
import type { NetworkId } from "../../shared/catalog";
import type { EvmPayoutChain } from "../evm/evm-payouts";
import { hsmEvmAccount } from "../evm/hsm-evm-account";
import { openTestHsm } from "./soft-hsm";

export const usdt = (amount: string) => baseUnitsOf(amount, 6);

export const METRICS_TOKEN = "paying-desk-metrics";

/** A call to the node the desk and the signer talk to, answered by the test instead (a node that fails mid-send). */
export type NodeInterrupt = (
  method: string,
  params: unknown,
) => Promise<FakeChainAnswer> | FakeChainAnswer | undefined;

/** Approvals and the fee cap out of the way: the tests of those set their own. */
const OUT_OF_THE_WAY = {
  approveAboveUsdt: "1000000",
  secondApprovalAboveUsdt: "1000000",
  approveFirstOrder: false,
  hotWalletCeilingUsdt: "1000000",
} satisfies Partial<AutopilotNetworkInput>;
/** A fee cap above any payout's: 1 ETH or SOL, or 100 TRX (a TRON payout may burn 30). */
const feeCapOutOfTheWay = (network: NetworkId) => (network === "trc20" ? "100" : "1");

type LimitsAndApprovals = Pick<AutopilotNetworkInput, "enabled" | "maxPayoutUsdt" | "maxDayUsdt"> &
  Partial<AutopilotNetworkInput>;

/**
 * A desk paying on ERC20 from a key made in a new SoftHSM2 token (`payout-erc20`), on a
 * real EVM node with a real ERC-20 (100,000 of it and gas in the payout wallet), its
 * payout wallet watched; autopilot turned on there (most 1,000 a payout, 100,000 a
 * day, no approvals, fees up to 1 ETH, a ceiling above the wallet's USDT). `nodeUrl` reaches the node over HTTP, through `interrupt` when the test sets one.
 */
export async function startPayingDesk() {
  const { softHsm, hsm, closeHsm } = openTestHsm();
  const account: LocalAccount = hsmEvmAccount(hsm.key("payout-erc20", "secp256k1"));
  const node = await startRealEvmNode();
  const token = await node.deployDollar("USDT");
  await node.chain.setBalance({ address: account.address, value: 10n ** 20n });
  await node.fund(token, account.address, usdt("100000"));
  const desk = {
    interrupt: undefined as NodeInterrupt | undefined,
  };
  const watched = await startWatchedDesk(
    {
      respond: (method, params) => desk.interrupt?.(method, params) ?? node.respond(method, params),
    },
    account.address.toLowerCase(),
    "erc20",
    { CHAIN_TOKEN_ERC20: token, METRICS_TOKEN },
  );
  const { testApp } = watched;
  const operated = await autopilotDesk(testApp, "erc20");
  const { customer } = operated;
  const chain: EvmPayoutChain = {
    network: "erc20",
    chainId: node.chain.chain.id,
    client: node.chain,
    token,
    decimals: 6,
  };

  return Object.assign(desk, {
    ...operated,
    softHsm,
    closeHsm,
    account,
    node,
    token,
    testApp,
    chain,
    nodeUrl: watched.chain.endpoint.url,
    /** An order of 8,600 INR (100 USDT) to a wallet of its own, its payment verified by the operator. */
    async verifiedOrder(overrides: Record<string, unknown> = {}, placedBy: Client = customer) {
      const wallet = freshEvmWallet();
      const order = await placeOrder(placedBy, {
        network: "erc20",
        walletAddress: wallet,
        amount: "8600",
        ...overrides,
      });
      await operated.verify(order.id);
      return { id: order.id as string, wallet: getAddress(wallet) };
    },
    balanceOf: (address: Address) =>
      node.chain.readContract({
        address: token,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [address],
      }),
    senderNonce: () => node.chain.getTransactionCount({ address: account.address }),
    async close() {
      await operated.close();
      await watched.close();
      closeHsm();
    },
  });
}

export type PayingDesk = Awaited<ReturnType<typeof startPayingDesk>>;

/**
 * What every paying desk has beside its chain: an operator and a customer signed in, the
 * signer's own database role on PostgreSQL (as in production: the tests see what its
 * grants allow), and Settings → Autopilot on `network`, turned on with most 1,000 a
 * payout and 100,000 a day.
 */
export async function autopilotDesk(testApp: TestApp, network: NetworkId) {
  const roles = await createLoginRoles(testApp.databaseUrl);
  if (roles) await grantDatabaseRoles(testApp.db, roles.roles);
  const signerDatabase = roles && openPostgres(roles.signerUrl);
  const admin = await signedInAdmin(testApp);
  const customer: Client = await signedInCustomer(testApp);

  /** Settings → Autopilot on the network, saved by the operator. */
  async function setLimits(limits: LimitsAndApprovals) {
    const saved = await admin.request("PUT", `/api/admin/settings/autopilot/${network}`, {
      ...OUT_OF_THE_WAY,
      maxFeePerPayout: feeCapOutOfTheWay(network),
      ...limits,
    });
    expect(saved.status, saved.text).toBe(200);
  }
  await setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });

  return {
    admin,
    customer,
    /** The database as the signer sees it: its own role on PostgreSQL. */
    signerDb: signerDatabase?.db ?? testApp.db,
    setLimits,
    /** Verifies the order's payment, as the operator does. */
    async verify(orderId: string) {
      const verified = await admin.post(`/api/admin/orders/${orderId}/status`, {
        status: "processing",
      });
      expect(verified.status, verified.text).toBe(200);
    },
    keptSends: (orderId: string) =>
      testApp.db
        .selectFrom("autopilot_sends")
        .selectAll()
        .where("order_id", "=", orderId)
        .execute(),
    /** GET /metrics, as Prometheus reads it. */
    async metrics() {
      const response = await testApp.app.request("/metrics", {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      return response.text();
    },
    async close() {
      await signerDatabase?.close();
      await roles?.drop();
    },
  };
}

import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "kysely";
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  publicActions,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { ORDER_CHANNEL } from "../../src/server/platform/events/order-changes";
import { startFakeChain } from "../../src/server/testing/fake-chain";
import { startRealEvmNode } from "../../src/server/testing/real-evm-node";
import { hsmEvmAccount } from "../../src/signer/evm/hsm-evm-account";
import { openHsm } from "../../src/signer/hsm/pkcs11-keys";
import { evmChainEnv, signerEnv } from "../../src/signer/testing/signer-env";
import { newSoftHsmToken } from "../../src/signer/testing/soft-hsm";
import { openBenchRuntime, percentile } from "./bench-database";

/*
 * Autopilot end to end (issue 52): 1,000 orders verified at a steady pace on PostgreSQL,
 * paid by `npm run signer` in its own process from a key in SoftHSM2, on a real local
 * EVM node with a real ERC-20 (EDR, behind a JSON-RPC port). Prints the time to the
 * last send, sends per second, verified→sent p50/p95/max, and checks that every wallet
 * got exactly its order's amount once and that the sender's nonces have no gap. The
 * baseline, in the same run: the same number of transfers signed with a key in memory
 * and sent one after another to the same node, nothing else.
 * Target: p95 verified→sent under 10 s on the 2-core machine; no double payout; no gap.
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000);
/** Verifications per second, as a busy desk's operators (or reconciliation) make them. */
const VERIFIED_PER_SECOND = Number(process.env.BENCH_VERIFIED_PER_SECOND ?? 25);
const AMOUNT = "10";
const AMOUNT_UNITS = 10_000_000n;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const { runtime, databaseUrl, close } = await openBenchRuntime("autopilot");
if (!databaseUrl) throw new Error("the signer needs PostgreSQL: run without BENCH_DB=pglite");
const { db } = runtime.context;
const node = await startRealEvmNode();
const token = await node.deployDollar("USDT");
const rpc = await startFakeChain((method, params) => node.respond(method, params));

// The payout key, made in a new token as an operator would; the signer's process takes it over.
const softHsm = newSoftHsmToken("bench");
const hsm = openHsm(softHsm.config);
const sender = hsmEvmAccount(hsm.key("payout-erc20", "secp256k1")).address;
hsm.close();
await node.chain.setBalance({ address: sender, value: 10n ** 22n });
await node.fund(token, sender, AMOUNT_UNITS * BigInt(ORDERS));

await db
  .updateTable("autopilot_networks")
  .set({
    enabled: true,
    enabled_at: sql<Date>`now() - interval '1 minute'`,
    max_payout_usdt: "1000",
    max_day_usdt: "1000000",
    approve_above_usdt: "1000",
    second_approval_above_usdt: "1000",
    approve_first_order: false,
    max_fee_per_payout: "1",
  })
  .where("network", "=", "erc20")
  .execute();
const customerId = randomUUID();
await db
  .insertInto("user")
  .values({
    id: customerId,
    name: "Bench Customer",
    email: `${customerId}@example.com`,
    emailVerified: true,
    createdAt: new Date(),
    updatedAt: new Date(),
  })
  .execute();

let signerStopping = false;
const signer = startSigner(databaseUrl);
const startNonce = await node.chain.getTransactionCount({ address: sender });
const wallets = Array.from({ length: ORDERS }, () =>
  getAddress(privateKeyToAccount(generatePrivateKey()).address),
);

console.log(
  `autopilot: ${ORDERS} orders of ${AMOUNT} USDT verified at ${VERIFIED_PER_SECOND}/s, paid by the signer's process on ERC20 (${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)})`,
);
const started = Date.now();
await verifyAtPace(wallets);
await waitUntilAllSent();
const lastSent = Date.now();
signerStopping = true;
signer.kill("SIGTERM");
await node.chain.mine({ blocks: 5 });

const latencies = await db
  .selectFrom("autopilot_sends")
  .innerJoin("order_events", "order_events.order_id", "autopilot_sends.order_id")
  .select(
    sql<number>`extract(epoch from autopilot_sends.broadcast_at - order_events.created_at) * 1000`.as(
      "ms",
    ),
  )
  .where("order_events.to_status", "=", "processing")
  .execute();
const ms = latencies.map((row) => Number(row.ms));
const checks = await checkPayouts();
const baseline = await baselineSends();
const sendsPerSecond = ORDERS / ((lastSent - started) / 1000);

console.log(`  last send ${seconds(lastSent - started)} after the first verification`);
console.log(
  `  verified→sent p50 ${seconds(percentile(ms, 50))}, p95 ${seconds(percentile(ms, 95))}, max ${seconds(Math.max(...ms))}  (target p95 < 10 s)`,
);
console.log(
  `  autopilot ${sendsPerSecond.toFixed(1)} sends/s; baseline (a key in memory, straight to the node) ${baseline.toFixed(1)} sends/s; ratio ${(sendsPerSecond / baseline).toFixed(2)} (autopilot is paced by the verifications: ${VERIFIED_PER_SECOND}/s)`,
);
console.log(
  `  double payouts ${checks.doublePaid}, wallets unpaid ${checks.unpaid}, nonces ${checks.firstNonce}…${checks.lastNonce} with ${checks.gaps} gaps`,
);
await rpc.close();
await close();
if (checks.doublePaid + checks.unpaid + checks.gaps > 0) process.exitCode = 1;

/** `npm run signer` on the bench's database, token and node. */
function startSigner(url: string): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/signer/main.ts"], {
    env: {
      ...signerEnv(
        { databaseUrl: url, hsm: softHsm.config },
        evmChainEnv({ chainId: node.chain.chain.id, nodeUrl: rpc.url, token }),
      ),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  child.once("exit", (code, signal) => {
    if (!signerStopping) throw new Error(`the signer stopped (${code ?? signal})`);
  });
  return child;
}

/**
 * Verifies the orders at the set pace, as the desk does: each order and its event in
 * one transaction, then the change announced (the signer listens for it).
 */
async function verifyAtPace(to: Address[]) {
  const tick = 200;
  const perTick = Math.max(1, Math.round((VERIFIED_PER_SECOND * tick) / 1000));
  for (let first = 0; first < to.length; first += perTick) {
    const due = started + (first / perTick) * tick;
    await sleep(Math.max(0, due - Date.now()));
    await db.transaction().execute(async (trx) => {
      const orders = await trx
        .insertInto("orders")
        .values(
          to.slice(first, first + perTick).map((wallet) => ({
            user_id: customerId,
            user_email: `${customerId}@example.com`,
            send_currency: "upi_inr",
            send_amount: "860",
            receive_currency: "usdt",
            receive_amount: AMOUNT,
            exchange_rate: "86",
            network: "erc20",
            wallet_address: wallet,
            payment_reference: null,
            payer_name: null,
            payout_tx_hash: null,
            idempotency_key: null,
            status: "processing" as const,
          })),
        )
        .returning("id")
        .execute();
      await trx
        .insertInto("order_events")
        .values(
          orders.map((order) => ({
            order_id: order.id,
            actor_id: null,
            actor_role: "admin" as const,
            from_status: "pending" as const,
            to_status: "processing" as const,
            note: null,
          })),
        )
        .execute();
    });
    await sql`SELECT pg_notify(${ORDER_CHANNEL}, '[]')`.execute(db);
  }
}

async function waitUntilAllSent() {
  for (;;) {
    const { sent } = await db
      .selectFrom("autopilot_sends")
      .select((eb) => eb.fn.countAll<string>().as("sent"))
      .where("broadcast_at", "is not", null)
      .executeTakeFirstOrThrow();
    if (Number(sent) >= ORDERS) return;
    await sleep(100);
  }
}

/** Each wallet holds its order's amount exactly once; the sender's nonces run without a gap. */
async function checkPayouts() {
  let doublePaid = 0;
  let unpaid = 0;
  for (const wallet of wallets) {
    const held = await node.chain.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [wallet],
    });
    if (held > AMOUNT_UNITS) doublePaid += 1;
    if (held < AMOUNT_UNITS) unpaid += 1;
  }
  const nonces = (await db.selectFrom("autopilot_sends").select("nonce").execute())
    .map((row) => Number(row.nonce))
    .sort((a, b) => a - b);
  const firstNonce = nonces[0] ?? Number.NaN;
  const lastNonce = nonces.at(-1) ?? Number.NaN;
  const onChain = await node.chain.getTransactionCount({ address: sender });
  const gaps =
    lastNonce - firstNonce + 1 - nonces.length + (onChain === startNonce + ORDERS ? 0 : 1);
  return { doublePaid, unpaid, firstNonce, lastNonce, gaps };
}

/** The same transfers from a key in memory, one after another through the same port. */
async function baselineSends() {
  const account = privateKeyToAccount(generatePrivateKey());
  await node.chain.setBalance({ address: account.address, value: 10n ** 22n });
  await node.fund(token, account.address, AMOUNT_UNITS * BigInt(ORDERS));
  const wallet = createWalletClient({ account, transport: http(rpc.url) }).extend(publicActions);
  const chainId = await wallet.getChainId();
  let nonce = await wallet.getTransactionCount({ address: account.address });
  const begun = Date.now();
  for (const to of wallets) {
    await wallet.sendTransaction({
      chain: null,
      chainId,
      nonce: nonce++,
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, 1n] }),
      gas: 100_000n,
    });
  }
  return ORDERS / ((Date.now() - begun) / 1000);
}

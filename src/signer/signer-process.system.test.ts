import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../server/platform/db/database";
import { migrateToLatest } from "../server/platform/db/migrate";
import type { FakeChainAnswer } from "../server/testing/fake-chain";
import { migrationAuthOptions } from "../server/testing/migration-database";
import { isPostgresRun, scratchPostgresDatabase } from "../server/testing/postgres";
import { entryPointFile, REPO_ROOT } from "../server/testing/run-process";
import { type PayingDesk, startPayingDesk, usdt } from "./testing/paying-desk";
import { evmChainEnv, signerEnv } from "./testing/signer-env";
import { type SolanaPayingDesk, startSolanaPayingDesk } from "./testing/solana-paying-desk";
import { startTronPayingDesk, type TronPayingDesk } from "./testing/tron-paying-desk";

/*
 * `npm run signer` as its own process, beside the web process on PostgreSQL: an order the
 * operator verifies is paid with no other click, and a signer killed (kill -9) between
 * signing and broadcasting, or between broadcasting and writing it down, never pays an
 * order twice once started again, on the real node's balances and nonces.
 */

/** A state the signer's process reaches, waited for; not a measure of its speed. */
const REACHED = { timeout: 120_000, interval: 200 };
/** `npm run signer`'s process, from the bundle the test run made. */
const signerFile = await entryPointFile("signer");

describe.runIf(isPostgresRun())("the signer's own process", () => {
  let desk: PayingDesk;
  let signer: ChildProcess | undefined;
  let output = "";

  beforeAll(async () => {
    desk = await startPayingDesk();
    // The test's own session leaves the token to the signer's process.
    desk.closeHsm();
  });
  afterEach(() => {
    signer?.kill("SIGKILL");
    desk.interrupt = undefined;
  });
  afterAll(() => desk?.close());

  /** `npm run signer` on the desk's database, token and node, as an operator starts it. */
  function startSigner(databaseUrl = desk.testApp.databaseUrl ?? "") {
    output = "";
    signer = spawn(process.execPath, [signerFile], {
      cwd: REPO_ROOT,
      env: {
        ...signerEnv(
          { databaseUrl, hsm: desk.softHsm.config },
          evmChainEnv({ chainId: desk.chain.chainId, nodeUrl: desk.nodeUrl, token: desk.token }),
        ),
        SIGNER_PASS_MS: "500",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [signer.stdout, signer.stderr]) {
      stream?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
      });
    }
    return signer;
  }

  /** Kills the signer as a crash would, and waits until it is gone. */
  async function killSigner(child: ChildProcess) {
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await gone;
  }

  const keptSend = async (orderId: string) => (await desk.keptSends(orderId))[0];

  /** Holds the node's eth_sendRawTransaction calls: `arrived` once one came, answered by `answer`. */
  function holdBroadcasts(answer: (params: unknown) => Promise<FakeChainAnswer>) {
    let arrived = () => {};
    const came = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    desk.interrupt = (method, params) => {
      if (method !== "eth_sendRawTransaction") return undefined;
      arrived();
      return answer(params);
    };
    return came;
  }

  it(
    "pays an order the operator verifies with no other click, and the watcher completes it",
    async () => {
      startSigner();
      const order = await desk.verifiedOrder();
      await expect
        .poll(async () => (await keptSend(order.id))?.broadcast_at ?? null, REACHED)
        .toBeInstanceOf(Date);
      await desk.node.chain.mine({ blocks: 5 });
      await desk.testApp.payoutWatch.watchOnce();
      await desk.testApp.payoutChecks.checkDue();
      const view = await desk.admin.get(`/api/admin/orders/${order.id}`);
      expect(view.json).toMatchObject({
        status: "completed",
        payoutTxHash: (await keptSend(order.id))?.tx_hash,
      });
      expect(await desk.balanceOf(order.wallet)).toBe(usdt("100"));
      const signers = await desk.testApp.db.selectFrom("autopilot_signers").selectAll().execute();
      expect(signers).toMatchObject([
        { network: "erc20", sender_address: desk.account.address.toLowerCase(), last_error: null },
      ]);
      expect(output).toContain(`pays on erc20 from ${desk.account.address.toLowerCase()}`);
    },
    REACHED.timeout * 2,
  );

  it(
    "started on a new database before the web process migrated it, waits for its tables and fails no pass",
    async () => {
      const scratch = await scratchPostgresDatabase("signer");
      if (!scratch) throw new Error("the PostgreSQL run has a server");
      const database = openPostgres(scratch.url);
      try {
        startSigner(scratch.url);
        await expect
          .poll(() => output, REACHED)
          .toContain("the signer waits for the web process or npm run db:migrate");
        await migrateToLatest(database.db, migrationAuthOptions(database.db));
        await expect
          .poll(
            () =>
              database.db
                .selectFrom("autopilot_signers")
                .select(["network", "last_error"])
                .execute(),
            REACHED,
          )
          .toEqual([{ network: "erc20", last_error: null }]);
        expect(output).not.toContain("failed");
      } finally {
        signer?.kill("SIGKILL");
        await database.close();
        await scratch.drop();
      }
    },
    REACHED.timeout * 2,
  );

  it(
    "killed after signing, before the node took the payout: started again, it sends the kept bytes and nothing else",
    async () => {
      // The node never hears of the payout: the signer dies while the call is under way.
      const came = holdBroadcasts(() => new Promise(() => {}));
      const first = startSigner();
      const nonceBefore = await desk.senderNonce();
      const order = await desk.verifiedOrder();
      await came;
      await killSigner(first);
      const kept = await keptSend(order.id);
      expect(kept?.broadcast_at).toBeNull();
      expect(await desk.senderNonce()).toBe(nonceBefore);

      desk.interrupt = undefined;
      startSigner();
      await expect
        .poll(async () => (await keptSend(order.id))?.broadcast_at ?? null, REACHED)
        .toBeInstanceOf(Date);
      expect(await desk.keptSends(order.id)).toEqual([
        expect.objectContaining({ tx_hash: kept?.tx_hash }),
      ]);
      expect(await desk.senderNonce()).toBe(nonceBefore + 1);
      expect(await desk.balanceOf(order.wallet)).toBe(usdt("100"));
    },
    REACHED.timeout * 3,
  );

  it(
    "killed after the node took the payout, before it was written down: started again, it pays nothing more",
    async () => {
      // The node takes the payout; its answer never reaches the signer, which dies.
      const came = holdBroadcasts(async (params) => {
        await desk.node.respond("eth_sendRawTransaction", params);
        return new Promise(() => {});
      });
      const first = startSigner();
      const nonceBefore = await desk.senderNonce();
      const order = await desk.verifiedOrder();
      await came;
      await expect.poll(() => desk.senderNonce(), REACHED).toBe(nonceBefore + 1);
      await killSigner(first);
      expect((await keptSend(order.id))?.broadcast_at).toBeNull();

      desk.interrupt = undefined;
      startSigner();
      await expect
        .poll(async () => (await keptSend(order.id))?.broadcast_at ?? null, REACHED)
        .toBeInstanceOf(Date);
      // A later order is paid on the next nonce: the pass went on past the order.
      const next = await desk.verifiedOrder();
      await expect
        .poll(async () => (await keptSend(next.id))?.broadcast_at ?? null, REACHED)
        .toBeInstanceOf(Date);
      expect(await desk.senderNonce()).toBe(nonceBefore + 2);
      expect(await desk.balanceOf(order.wallet)).toBe(usdt("100"));
      expect(await desk.balanceOf(next.wallet)).toBe(usdt("100"));
    },
    REACHED.timeout * 4,
  );

  it(
    "writes down an order it will not pay, and why, for the operators",
    async () => {
      await desk.setLimits({ enabled: true, maxPayoutUsdt: "50", maxDayUsdt: "100000" });
      startSigner();
      const order = await desk.verifiedOrder();
      await expect
        .poll(
          () =>
            desk.testApp.db
              .selectFrom("autopilot_refusals")
              .select(["network", "reason"])
              .where("order_id", "=", order.id)
              .executeTakeFirst(),
          REACHED,
        )
        .toEqual({
          network: "erc20",
          reason: "100 USDT is above the most per payout (50 USDT)",
        });
      expect(await desk.keptSends(order.id)).toEqual([]);
      await desk.setLimits({ enabled: true, maxPayoutUsdt: "1000", maxDayUsdt: "100000" });
    },
    REACHED.timeout * 2,
  );
});

/** A desk on a chain of its own, as the process test below pays on it. */
type OtherChainDesk = {
  name: string;
  start(): Promise<{
    desk: TronPayingDesk | SolanaPayingDesk;
    env: Record<string, string>;
    /** The payout's block made final. */
    finalize(): void;
    /** What the stand-in charges a payout, in the chain's coin. */
    fee: string;
  }>;
};

const OTHER_CHAINS: OtherChainDesk[] = [
  {
    name: "TRON, from the token's payout-trc20 key, through the node's solidified view",
    async start() {
      const desk = await startTronPayingDesk();
      return {
        desk,
        env: { CHAIN_RPC_TRC20: desk.chain.endpoint.url },
        finalize: () => {
          desk.node.head += desk.node.solidifiedBehind;
        },
        fee: "13.84485",
      };
    },
  },
  {
    name: "Solana, from the token's payout-solana Ed25519 key, through the node's finalized view",
    async start() {
      const desk = await startSolanaPayingDesk();
      return {
        desk,
        env: { CHAIN_RPC_SOLANA: desk.chain.endpoint.url },
        finalize: () => {
          desk.node.slot += 32;
        },
        fee: "0.000005",
      };
    },
  },
];

describe.runIf(isPostgresRun())("the signer's own process on TRON and Solana", () => {
  it.each(OTHER_CHAINS)("pays a verified order on $name", async ({ start }) => {
    const { desk, env, finalize, fee } = await start();
    desk.closeHsm();
    const signer = spawn(process.execPath, [signerFile], {
      cwd: REPO_ROOT,
      env: {
        ...signerEnv(
          { databaseUrl: desk.testApp.databaseUrl ?? "", hsm: desk.softHsm.config },
          env,
        ),
        SIGNER_PASS_MS: "200",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      const order = await desk.verifiedOrder();
      await expect.poll(() => desk.node.usdtOf(order.wallet), REACHED).toBe(usdt("100"));
      finalize();
      await expect
        .poll(async () => (await desk.keptSends(order.id))[0]?.fee_paid ?? null, REACHED)
        .toBe(fee);
      const [send] = await desk.keptSends(order.id);
      expect(send).toMatchObject({ from_address: desk.account.address, nonce: null });
    } finally {
      const gone = new Promise((resolve) => signer.once("exit", resolve));
      signer.kill("SIGKILL");
      await gone;
      await desk.close();
    }
  });
});

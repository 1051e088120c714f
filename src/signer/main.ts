import pino from "pino";
import { createPublicClient, getAddress, http } from "viem";
import { ConfigError } from "../server/platform/config/env";
import { type Database, openPostgres } from "../server/platform/db/database";
import { pendingMigrations } from "../server/platform/db/migrator";
import { ORDER_CHANNEL } from "../server/platform/events/order-changes";
import { evmPayingNetwork } from "./evm/evm-paying-network";
import { hsmEvmAccount } from "./evm/hsm-evm-account";
import { openHsm } from "./hsm/pkcs11-keys";
import type { PayingNetwork } from "./paying-network";
import { type SignerConfig, signerConfigFromEnv } from "./signer-config";
import { passOverNetwork } from "./signer-pass";
import { hsmSolanaAccount } from "./solana/hsm-solana-account";
import { solanaPayingNetwork } from "./solana/solana-settlement";
import { hsmTronAccount } from "./tron/hsm-tron-account";
import { tronPayingNetwork } from "./tron/tron-settlement";

/**
 * `npm run signer`: the payout signer's process (decision 056). It alone opens the HSM;
 * it pays the verified orders autopilot may pay, pass after pass, and wakes at once when
 * an order changes. It needs PostgreSQL: the web process owns the embedded database.
 */
async function main() {
  const config = signerConfigFromEnv(process.env);
  const logger = pino({ level: config.logLevel });
  const database = openPostgres(config.databaseUrl);
  const hsm = openHsm(config.hsm);
  let stopping = false;
  const rest = restBetweenPasses(config.passMs);
  const stop = (signal: string) => {
    logger.info(`${signal}: the signer stops after this pass`);
    stopping = true;
    rest.wake();
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  try {
    const paying = await payingNetworks(config, hsm);
    for (const { network, sender } of paying) {
      logger.info(`the signer pays on ${network} from ${sender}`);
    }
    if (paying.length === 0) {
      logger.warn(
        "no network has a node (CHAIN_RPC_TRC20, _ERC20, _BEP20, _POLYGON, _SOLANA): nothing to pay",
      );
    }
    await untilMigrated(database.db, logger, rest, () => stopping);
    // An order verified is paid at once, not at the next pass.
    const unlisten = await database.listen(ORDER_CHANNEL, () => rest.wake());
    while (!stopping) {
      for (const network of paying) {
        const pass = await passOverNetwork(database.db, network);
        const name = network.network;
        if (pass.sent.length) logger.info({ orders: pass.sent }, `sent on ${name}`);
        if (pass.refused.length) logger.warn({ orders: pass.refused }, `refused on ${name}`);
        if (pass.error) logger.error(`the pass on ${name} failed: ${pass.error}`);
      }
      await rest.until();
    }
    await unlisten();
  } finally {
    hsm.close();
    await database.close();
  }
}

/**
 * The web process (or `npm run db:migrate`) migrates the database; the signer started
 * beside it on a new database waits for its tables instead of failing its first passes.
 */
async function untilMigrated(
  db: Database,
  logger: pino.Logger,
  rest: ReturnType<typeof restBetweenPasses>,
  stopping: () => boolean,
) {
  let told = false;
  for (;;) {
    const pending = await pendingMigrations(db);
    if (pending.length === 0 || stopping()) return;
    if (!told) {
      logger.info(
        `the database lacks ${pending.length} of this release's migrations: the signer waits for the web process or npm run db:migrate to run them`,
      );
      told = true;
    }
    await rest.until();
  }
}

/** A rest of `ms` that a wake ends early; a wake during a pass skips the next rest. */
function restBetweenPasses(ms: number) {
  let woken = false;
  let end = () => {};
  return {
    wake() {
      woken = true;
      end();
    },
    async until() {
      if (!woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          end = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      woken = false;
      end = () => {};
    },
  };
}

/**
 * Each configured network with its HSM key's account (one key a network, made in the
 * token on first use), each EVM chain checked to be the chain it claims.
 */
async function payingNetworks(
  config: SignerConfig,
  hsm: ReturnType<typeof openHsm>,
): Promise<PayingNetwork[]> {
  const tron = config.tron && [
    tronPayingNetwork(
      { network: "trc20", ...config.tron },
      hsmTronAccount(hsm.key("payout-trc20", "secp256k1")),
    ),
  ];
  const solana = config.solana && [
    solanaPayingNetwork(
      {
        network: "solana",
        endpoint: config.solana.endpoint,
        mint: config.solana.token,
        decimals: config.solana.decimals,
      },
      hsmSolanaAccount(hsm.key("payout-solana", "ed25519")),
    ),
  ];
  const evm = await Promise.all(
    config.evmNetworks.map(async (network) => {
      const client = createPublicClient({ transport: http(network.url) });
      // A node on another chain would have the payouts signed for a chain that replays them.
      const chainId = await client.getChainId();
      if (chainId !== network.chainId) {
        throw new ConfigError(
          `the node of ${network.network} is on chain ${chainId}, not ${network.chainId} (SIGNER_CHAIN_ID_${network.network.toUpperCase()})`,
        );
      }
      return evmPayingNetwork(
        { ...network, token: getAddress(network.token), client },
        hsmEvmAccount(hsm.key(`payout-${network.network}`, "secp256k1")),
      );
    }),
  );
  return [...(tron ?? []), ...evm, ...(solana ?? [])];
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import pino from "pino";
import { createPublicClient, getAddress, http } from "viem";
import { ConfigError } from "../server/platform/config/env";
import { openPostgres } from "../server/platform/db/database";
import { ORDER_CHANNEL } from "../server/platform/events/order-changes";
import { hsmEvmAccount } from "./evm/hsm-evm-account";
import { openHsm } from "./hsm/pkcs11-keys";
import { type SignerConfig, signerConfigFromEnv } from "./signer-config";
import { type PayingNetwork, passOverNetwork } from "./signer-pass";

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
    for (const { chain, account } of paying) {
      logger.info(`the signer pays on ${chain.network} from ${account.address}`);
    }
    if (paying.length === 0) {
      logger.warn("no EVM network has a node (CHAIN_RPC_ERC20, _BEP20, _POLYGON): nothing to pay");
    }
    // An order verified is paid at once, not at the next pass.
    const unlisten = await database.listen(ORDER_CHANNEL, () => rest.wake());
    while (!stopping) {
      for (const network of paying) {
        const pass = await passOverNetwork(database.db, network);
        const { network: name } = network.chain;
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

/** Each configured network's chain, checked to be the chain it claims, and its HSM key's account. */
async function payingNetworks(
  config: SignerConfig,
  hsm: ReturnType<typeof openHsm>,
): Promise<PayingNetwork[]> {
  return Promise.all(
    config.networks.map(async (network) => {
      const client = createPublicClient({ transport: http(network.url) });
      // A node on another chain would have the payouts signed for a chain that replays them.
      const chainId = await client.getChainId();
      if (chainId !== network.chainId) {
        throw new ConfigError(
          `the node of ${network.network} is on chain ${chainId}, not ${network.chainId} (SIGNER_CHAIN_ID_${network.network.toUpperCase()})`,
        );
      }
      return {
        chain: { ...network, token: getAddress(network.token), client },
        account: hsmEvmAccount(hsm.key(`payout-${network.network}`, "secp256k1")),
      };
    }),
  );
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { NetworkId } from "../../../shared/catalog";
import type { ChainConfig } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import { PollingLoop } from "../../platform/jobs/polling-loop";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { tellOperatorsOfAutopilot } from "../autopilot/tell-operators-of-autopilot";
import { type WatchLimitsByFamily, watchWallet } from "../chain/watch-wallet";
import { tellOperatorsOfStalledWatchers } from "../chain/watcher-lag";
import { expireSales } from "../orders/sell/expire-sales";
import { matchSaleDeposits } from "../orders/sell/match-sale-deposits";
import { matchChainPayouts } from "./match-chain-payouts";

/** A pass per wallet at most this often; a block comes every 2 to 12 seconds. */
const WATCH_MS = 5_000;

/**
 * Watches each network's payout wallet (docs/decisions/048): a pass of the chain's
 * watcher, then the final outgoing transfers matched to orders and the incoming ones
 * to sell orders (decision 049); then the sell orders past their time with no deposit
 * seen expire, and the operators are told of a watcher that stalled or recovered. A
 * network needs an endpoint and a payout wallet. The wallets are asked for at each pass (the treasury's, handed in), so
 * a wallet changed there is followed.
 */
export class PayoutWatchWorker {
  #loop: PollingLoop | undefined;

  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      chains: ChainConfig;
      announcer: OrderAnnouncer;
      logger: Logger;
      notify: NotificationTargets;
      payoutWallets: () => Promise<{ network: NetworkId; wallet: string }[]>;
      /** Any family's limits of a pass, instead of its own. */
      limits?: Partial<WatchLimitsByFamily>;
    },
  ) {}

  start() {
    this.#loop = new PollingLoop(() => this.watchOnce(), {
      intervalMs: WATCH_MS,
      logger: this.deps.logger,
      failure: "payout watch failed",
    });
    this.#loop.start();
  }

  async stop() {
    await this.#loop?.stop();
  }

  /** One pass over every watched wallet; returns the networks it watched. */
  async watchOnce(): Promise<NetworkId[]> {
    const { chains, logger } = this.deps;
    const watched = (await this.deps.payoutWallets()).filter(
      ({ network }) => chains.networks[network],
    );
    await Promise.all(
      watched.map(async ({ network, wallet }) => {
        const chain = chains.networks[network];
        if (!chain) return;
        try {
          await watchWallet(this.deps.db, { network, wallet }, chain, this.deps.limits);
        } catch (error) {
          // The cursor keeps the error; the transfers already final are matched all the same.
          logger.warn({ err: error, network }, "payout watcher could not read the chain");
        }
        await matchChainPayouts(this.deps, network);
        await matchSaleDeposits(this.deps, network);
      }),
    );
    // Once the deposits seen are linked: an order whose deposit is on its way waits for it.
    await expireSales(this.deps);
    await tellOperatorsOfStalledWatchers(this.deps.db, chains, this.deps.notify);
    await tellOperatorsOfAutopilot(this.deps.db, this.deps.notify);
    return watched.map(({ network }) => network);
  }
}

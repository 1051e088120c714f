import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { ChainConfig } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import { PollingLoop } from "../../platform/jobs/polling-loop";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { claimDueReads, readTreasuryBalances } from "./read-treasury-balances";

/** How often the loop looks for wallets due; each is read once per `everySeconds`. */
const LOOK_MS = 5_000;

/**
 * Reads the payout wallets' balances on a schedule. A wallet is claimed for the
 * period before it is read, so several processes read it once per period between
 * them; the chain is asked outside any transaction.
 */
export class TreasuryWorker {
  #loop: PollingLoop | undefined;

  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      chains: ChainConfig;
      notify: NotificationTargets;
      logger: Logger;
      everySeconds: number;
    },
  ) {}

  start() {
    this.#loop = new PollingLoop(() => this.readDue(), {
      intervalMs: LOOK_MS,
      logger: this.deps.logger,
      failure: "reading the payout wallets' balances failed",
    });
    this.#loop.start();
  }

  async stop() {
    await this.#loop?.stop();
  }

  /** Reads every wallet due now; returns the networks read. */
  async readDue() {
    const { db, chains, notify, everySeconds } = this.deps;
    const due = await claimDueReads(db, everySeconds);
    await Promise.all(due.map((network) => readTreasuryBalances(db, chains, network, notify)));
    return due;
  }
}

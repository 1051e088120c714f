import { type Kysely, sql, type Transaction } from "kysely";
import type { Logger } from "pino";
import { type NetworkId, networkOf } from "../../../shared/catalog";
import type { ChainConfig } from "../../platform/config/chain-config";
import type { DB } from "../../platform/db/schema";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import { PollingLoop } from "../../platform/jobs/polling-loop";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { describeLink } from "../chain/chain-transfer-links";
import { checkPayoutOnChain, type PayoutCheck } from "../chain/check-payout-on-chain";
import { applyStatusChange } from "../orders/buy/apply-status-change";
import type { OrderRow } from "../orders/buy/order-view";
import { type PayoutCheckRow, recordCheckEvent } from "./payout-checks";
import { lockPayoutHash } from "./payout-hash";
import { freePayoutTransfer, linkPayout } from "./payout-links";

/** Checks looked at together; each waits on its own node. */
const BATCH = 4;
const POLL_MS = 1000;
/**
 * A hash the node does not know may be a payout sent a moment ago: it is looked up
 * this many times, a recheck apart, before TX_UNKNOWN is shown.
 */
export const UNSEEN_LOOKS = 5;

type Outcome = PayoutCheck | { outcome: "failed"; code: "NO_ENDPOINT"; message: string };

/**
 * Runs the on-chain payout checks queued in `payout_checks` (docs/decisions/020).
 * A due check is claimed in a short transaction (FOR UPDATE SKIP LOCKED) that moves
 * its next attempt past the time the chain calls can take: that lease keeps other
 * processes off it while the chain is asked outside any transaction, so a slow node
 * holds no lock and no connection. If the process dies, the lease runs out and any
 * process takes the check up again. The result is written only if the check is
 * still the one claimed (an admin may have changed the order meanwhile).
 */
export class PayoutCheckWorker {
  #loop: PollingLoop | undefined;

  constructor(
    private readonly deps: {
      db: Kysely<DB>;
      chains: ChainConfig;
      notify: NotificationTargets;
      announcer: OrderAnnouncer;
      logger: Logger;
    },
  ) {}

  start() {
    this.#loop = new PollingLoop(() => this.checkDue(), {
      intervalMs: POLL_MS,
      logger: this.deps.logger,
      failure: "payout check failed",
    });
    this.#loop.start();
  }

  async stop() {
    await this.#loop?.stop();
  }

  /** Looks once at every check due now; returns how many it looked at. */
  async checkDue(): Promise<number> {
    const looked: string[] = [];
    for (;;) {
      const claimed = await this.#claim(looked);
      if (claimed.length === 0) return looked.length;
      looked.push(...claimed.map((check) => check.order_id));
      await Promise.all(claimed.map((check) => this.#look(check)));
    }
  }

  async #claim(looked: string[]): Promise<PayoutCheckRow[]> {
    // Three calls at most per look (transaction, receipt, head).
    const leaseSeconds = Math.ceil((3 * this.deps.chains.timeoutMs) / 1000) + 5;
    return this.deps.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("payout_checks")
        .select("order_id")
        .where("state", "in", ["checking", "awaiting_confirmations"])
        .where("next_attempt_at", "<=", sql<Date>`now()`)
        .$if(looked.length > 0, (query) => query.where("order_id", "not in", looked))
        .orderBy("next_attempt_at")
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable("payout_checks")
        .set({
          tries: sql`tries + 1`,
          next_attempt_at: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        .where(
          "order_id",
          "in",
          due.map((row) => row.order_id),
        )
        .returningAll()
        .execute();
    });
  }

  async #look(check: PayoutCheckRow) {
    const { db, chains, logger } = this.deps;
    try {
      const order = await db
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", check.order_id)
        .executeTakeFirstOrThrow();
      const network = order.network as NetworkId | null;
      const chain = network ? chains.networks[network] : undefined;
      const outcome: Outcome =
        network && chain
          ? await checkPayoutOnChain(chain.endpoint, {
              network,
              hash: check.payout_tx_hash,
              wallet: order.wallet_address,
              amount: order.receive_amount,
              token: chain.token,
              decimals: chain.decimals,
            })
          : {
              outcome: "failed",
              code: "NO_ENDPOINT",
              message: `No chain endpoint is configured for ${network ? networkOf(network).name : "this order"} any more.`,
            };
      await this.#record(check, outcome);
    } catch (error) {
      // The lease runs out and the check is taken up again.
      logger.error({ err: error, orderId: check.order_id }, "payout check could not be recorded");
    }
  }

  async #record(claimed: PayoutCheckRow, outcome: Outcome) {
    const { db, chains, notify, announcer } = this.deps;
    const result = await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", claimed.order_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const check = await trx
        .selectFrom("payout_checks")
        .selectAll()
        .where("order_id", "=", claimed.order_id)
        .where("payout_tx_hash", "=", claimed.payout_tx_hash)
        .where("tries", "=", claimed.tries)
        .where("state", "in", ["checking", "awaiting_confirmations"])
        .forUpdate()
        .executeTakeFirst();
      if (!check) return undefined; // replaced, retried or ended by an admin meanwhile
      const later = sql<Date>`now() + make_interval(secs => ${chains.recheckSeconds})`;
      const update = trx.updateTable("payout_checks").where("order_id", "=", order.id);

      if (outcome.outcome === "confirmed") {
        const transfer = await this.#linkFreeTransfer(trx, order, check, outcome.transfers);
        if (typeof transfer !== "number") return this.#fail(trx, order, transfer);
        await update
          .set({
            state: "confirmed",
            transfer_index: transfer,
            fee_paid: outcome.fee?.paid ?? null,
            fee_coin: outcome.fee?.coin ?? null,
            updated_at: sql<Date>`now()`,
          })
          .execute();
        const requester = check.requested_by
          ? await trx
              .selectFrom("user")
              .select(["id", "email"])
              .where("id", "=", check.requested_by)
              .executeTakeFirst()
          : undefined;
        const updated = await applyStatusChange(trx, order, {
          actor: requester ?? null,
          status: "completed",
          payoutTxHash: check.payout_tx_hash,
          note: check.note,
          payoutCheck: "confirmed",
          notify,
        });
        return { order: updated, kind: "status" as const };
      }
      if (outcome.outcome === "awaiting_confirmations") {
        await update
          .set({ state: "awaiting_confirmations", next_attempt_at: later, updated_at: sql`now()` })
          .execute();
        if (check.state === "checking") {
          const { confirmations } = chains.networks[order.network as NetworkId]?.endpoint ?? {};
          await recordCheckEvent(trx, order, {
            step: "awaiting_confirmations",
            note: confirmations
              ? `Seen on chain; waiting for ${confirmations} confirmations.`
              : "Seen on chain; waiting until it is finalized.",
          });
        }
        return { order, kind: "payout" as const };
      }
      if (outcome.code === "TX_UNKNOWN" && check.tries < UNSEEN_LOOKS) {
        await update.set({ next_attempt_at: later }).execute();
        return undefined;
      }
      return this.#fail(trx, order, outcome);
    });
    if (result) await announcer.announce(result.order, result.kind);
  }

  /**
   * One transfer pays one order: the first of the matching transfers free for it, linked
   * to it here, or the failure naming what holds them.
   */
  async #linkFreeTransfer(
    trx: Transaction<DB>,
    order: OrderRow,
    check: PayoutCheckRow,
    transfers: number[],
  ): Promise<number | { code: string; message: string }> {
    await lockPayoutHash(trx, check.payout_tx_hash);
    const network = order.network as NetworkId;
    const free = await freePayoutTransfer(
      trx,
      { ...order, network },
      check.payout_tx_hash,
      transfers,
    );
    if (typeof free !== "number") return free;
    const key = { network, txHash: check.payout_tx_hash, logIndex: free };
    const link = await linkPayout(trx, key, order, { linkedBy: null, notify: this.deps.notify });
    // An operator's dismissal or a deposit's link written meanwhile, outside the hash's lock.
    if (link.outcome === "taken") {
      return {
        code: "TRANSFER_USED",
        message: `This transfer is already ${describeLink(link.by)}: one transfer closes one order.`,
      };
    }
    return free;
  }

  /**
   * Fails the check. A transfer of another amount to the order's wallet, when there is one
   * (WRONG_AMOUNT), is kept as the transfer an override would close the order on.
   */
  async #fail(
    trx: Transaction<DB>,
    order: OrderRow,
    failure: { code: string; message: string; toWallet?: number[] },
  ) {
    const [only, second] = failure.toWallet ?? [];
    await trx
      .updateTable("payout_checks")
      .set({
        state: "failed",
        failure_code: failure.code,
        failure_message: failure.message,
        transfer_index: second === undefined ? (only ?? null) : null,
        updated_at: sql<Date>`now()`,
      })
      .where("order_id", "=", order.id)
      .execute();
    await recordCheckEvent(trx, order, { step: failure.code, note: failure.message });
    return { order, kind: "payout" as const };
  }
}

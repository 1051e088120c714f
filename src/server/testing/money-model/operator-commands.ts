import { sql } from "kysely";
import type { Client } from "../actors";
import { sendTransaction, strangerWallet, transactionLabel, unitsOf } from "./chain-moves";
import { answered, MoneyCommand, outcome } from "./command";
import { labelOf, type Model, pick, type Real } from "./model";
import { payoutHashFor, recordPayoutHash } from "./order-commands";
import { paySale } from "./sale-commands";

/*
 * The operators' side of the chain: the desk's own top-ups, recorded as purchases; the
 * transfers the watcher left unmatched, credited, refunded, assigned or dismissed; and
 * two operators acting on one thing at once.
 */

const UNMATCHED = "/api/admin/payouts/unmatched";

type UnmatchedTransfer = { id: string; txHash: string; direction: "in" | "out"; amount: string };

/** The sequence's transfers on the operators' Unmatched list, incoming or outgoing. */
async function unmatchedOf(model: Model, operator: Client, direction: "in" | "out") {
  const page = answered(await operator.get(`${UNMATCHED}?limit=200`), "the unmatched list");
  const hashes = new Set(model.moves.map((move) => move.hash));
  return (page.json.transfers as UnmatchedTransfer[]).filter(
    (transfer) => transfer.direction === direction && hashes.has(transfer.txHash),
  );
}

/** The sale or order the transaction's sender meant it for. */
function meantFor(model: Model, hash: string) {
  const purpose = model.moves.find(
    (move) => move.hash === hash && !("elsewhere" in move.purpose),
  )?.purpose;
  if (purpose && "sale" in purpose) return { sale: purpose.sale };
  if (purpose && "order" in purpose) return { order: purpose.order };
  return {};
}

/** The desk buys USDT on an exchange, which sends a round amount to the BEP20 wallet. */
export class SendTopUp extends MoneyCommand {
  protected async act(model: Model, { desk }: Real) {
    const hash = sendTransaction(model, desk, "bep20", strangerWallet("bep20"), [
      { to: model.wallets.bep20, baseUnits: unitsOf("bep20", "1000"), purpose: { topUp: true } },
    ]);
    model.trail.push(
      `an exchange sent the desk's top-up of 1000 USDT in ${transactionLabel(model, hash)}`,
    );
  }

  toString() {
    return "sendTopUp(1000 USDT)";
  }
}

/** An operator records one of the incoming transfers on the Top-ups page as a purchase. */
export class ClaimTopUp extends MoneyCommand {
  constructor(readonly transfer: number) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.moves.some((move) => move.to === model.wallets.bep20);
  }

  protected async act(model: Model, { desk }: Real) {
    const incoming = await desk.testApp.db
      .selectFrom("chain_transfers")
      .select(["id", "tx_hash", sql<string>`trim_scale(amount)::text`.as("amount")])
      .where("network", "=", "bep20")
      .where("to_address", "=", model.wallets.bep20)
      .where("state", "=", "final")
      .orderBy("seen_at")
      .execute();
    const topUp = pick(incoming, this.transfer);
    if (!topUp) return;
    const claimed = answered(
      await desk.operators[0].post(`/api/admin/treasury/top-ups/${topUp.id}/purchase`, {
        boughtOn: "2026-11-02",
        network: "bep20",
        quantityUsdt: topUp.amount,
        paidCurrency: "INR",
        paidAmount: "86000.00",
        usdInrRate: "",
        source: "Binance P2P",
        note: "",
      }),
      "recording a purchase",
    );
    model.trail.push(
      `an operator recorded ${transactionLabel(model, topUp.tx_hash)} as a purchase: ${outcome(claimed)}`,
    );
  }

  toString() {
    return `claimTopUp(transfer ${this.transfer})`;
  }
}

/** An operator decides one of the sequence's unmatched transfers. */
export type Decision = "credit" | "refund" | "assign" | "dismiss";

/** Decides a transfer as an operator would: credit or assign it to what its sender meant it for. */
async function decide(
  model: Model,
  operator: Client,
  decision: Decision,
  transfer: UnmatchedTransfer,
) {
  const meant = meantFor(model, transfer.txHash);
  const path = `${UNMATCHED}/${transfer.id}/${decision}`;
  const body =
    decision === "credit"
      ? meant.sale && { sellOrderId: meant.sale, note: "The customer's deposit, by their word." }
      : decision === "assign"
        ? meant.order && {
            orderId: meant.order,
            note: "This order's payout, by the desk's records.",
          }
        : { note: decision === "refund" ? "Sent back to the sender." : "Cold storage." };
  if (!body) return `${decision}: nothing it was meant for`;
  const response = answered(
    await operator.post(path, body),
    `${decision} of an unmatched transfer`,
  );
  const target = meant.sale ?? meant.order;
  const to =
    decision === "credit" || decision === "assign" ? ` to ${target && labelOf(model, target)}` : "";
  return `${decision}${to}: ${outcome(response)}`;
}

const DIRECTION: Record<Decision, "in" | "out"> = {
  credit: "in",
  refund: "in",
  assign: "out",
  dismiss: "out",
};

export class DecideUnmatched extends MoneyCommand {
  constructor(
    readonly decision: Decision,
    readonly transfer: number,
  ) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.moves.length > 0;
  }

  protected async act(model: Model, { desk }: Real) {
    const listed = await unmatchedOf(model, desk.operators[0], DIRECTION[this.decision]);
    const transfer = pick(listed, this.transfer);
    if (!transfer) return;
    const result = await decide(model, desk.operators[0], this.decision, transfer);
    model.trail.push(
      `an operator decided unmatched ${transactionLabel(model, transfer.txHash)}: ${result}`,
    );
  }

  toString() {
    return `decideUnmatched(${this.decision}, transfer ${this.transfer})`;
  }
}

/** Two things operators (or an operator and the watcher) do to one record at the same moment. */
export type Race =
  | "both pay a sale"
  | "cancel and pay a sale"
  | "credit and refund a transfer"
  | "credit while the watcher passes"
  | "two payout hashes on an order";

export class TwoAtOnce extends MoneyCommand {
  constructor(
    readonly race: Race,
    readonly item: number,
  ) {
    super();
  }

  check(model: Readonly<Model>) {
    return this.race === "two payout hashes on an order"
      ? model.orders.length > 0
      : model.sales.length > 0;
  }

  protected async act(model: Model, { desk }: Real) {
    const [first, second] = desk.operators;
    const results = await this.#both(model, desk, first, second);
    if (results) model.trail.push(`at the same moment, ${this.race}: ${results.join("; ")}`);
  }

  async #both(model: Model, desk: Real["desk"], first: Client, second: Client) {
    const sale = pick(model.sales, this.item);
    switch (this.race) {
      case "both pay a sale":
        if (!sale) return undefined;
        return Promise.all([
          paySale(first, desk.deskAccountId, sale, true),
          paySale(second, desk.deskAccountId, sale, false),
        ]);
      case "cancel and pay a sale":
        if (!sale) return undefined;
        return Promise.all([
          first
            .post(`/api/admin/sell-orders/${sale.id}/cancel`, { reason: "The customer asked." })
            .then((response) => `cancel ${outcome(answered(response, "cancelling a sale"))}`),
          paySale(second, desk.deskAccountId, sale, true),
        ]);
      case "credit and refund a transfer":
      case "credit while the watcher passes": {
        const transfer = pick(await unmatchedOf(model, first, "in"), this.item);
        if (!transfer) return undefined;
        const other =
          this.race === "credit and refund a transfer"
            ? decide(model, second, "refund", transfer)
            : desk.pass().then(() => "the watcher passed");
        return Promise.all([decide(model, first, "credit", transfer), other]);
      }
      case "two payout hashes on an order": {
        const order = pick(model.orders, this.item);
        if (!order) return undefined;
        const onChain = payoutHashFor(model, order, this.item, false);
        const notYet = payoutHashFor(model, order, this.item + 1, true);
        return Promise.all([
          recordPayoutHash(model, first, order, onChain),
          recordPayoutHash(model, second, order, notYet),
        ]);
      }
    }
  }

  toString() {
    return `twoAtOnce(${this.race}, item ${this.item})`;
  }
}

import { randomBytes } from "node:crypto";
import { orderInput, postOrder } from "../orders";
import { sendTransaction, transactionLabel, unitsOf } from "./chain-moves";
import { answered, MoneyCommand, outcome } from "./command";
import { type Model, type ModelOrder, pick, type Real } from "./model";
import { BEP20_CONFIRMATIONS } from "./money-desk";

/*
 * Buy orders on BEP20: placed by a customer, verified, paid from the desk's wallet (or
 * not), their payout hashes recorded by an operator (before or after the transaction is
 * on chain), checked on chain, and closed on an operator's override.
 */

export class PlaceOrder extends MoneyCommand {
  constructor(
    readonly customer: number,
    readonly rupees: string,
  ) {
    super();
  }

  protected async act(model: Model, { desk }: Real) {
    const customerIndex = this.customer % model.customers.length;
    const customer = model.customers[customerIndex];
    if (!customer) return;
    const placed = answered(
      await postOrder(
        customer.client,
        orderInput({
          network: "bep20",
          walletAddress: customer.wallets.bep20,
          amount: this.rupees,
        }),
      ),
      "placing an order",
    );
    if (placed.status !== 201) {
      model.trail.push(`placing an order of ₹${this.rupees}: ${outcome(placed)}`);
      return;
    }
    const { receive_amount } = await desk.testApp.db
      .selectFrom("orders")
      .select("receive_amount")
      .where("id", "=", placed.json.id)
      .executeTakeFirstOrThrow();
    const order: ModelOrder = {
      id: placed.json.id,
      label: `O${model.orders.length + 1}`,
      customer: customerIndex,
      wallet: customer.wallets.bep20.toLowerCase(),
      receiveUsdt: String(receive_amount),
    };
    model.orders.push(order);
    model.trail.push(
      `customer ${customerIndex + 1} placed order ${order.label}: ₹${this.rupees} for ${order.receiveUsdt} USDT on bep20`,
    );
  }

  toString() {
    return `placeOrder(customer ${this.customer}, ₹${this.rupees})`;
  }
}

abstract class OrderCommand extends MoneyCommand {
  constructor(readonly order: number) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.orders.length > 0;
  }

  protected async act(model: Model, real: Real) {
    const order = pick(model.orders, this.order);
    if (order) await this.actOn(order, model, real);
  }

  protected abstract actOn(order: ModelOrder, model: Model, real: Real): Promise<void>;
}

export class VerifyPayment extends OrderCommand {
  protected async actOn(order: ModelOrder, model: Model, { desk }: Real) {
    const verified = answered(
      await desk.operators[0].post(`/api/admin/orders/${order.id}/status`, {
        status: "processing",
      }),
      "verifying an order's payment",
    );
    model.trail.push(`an operator verified order ${order.label}'s payment: ${outcome(verified)}`);
  }

  toString() {
    return `verifyPayment(order ${this.order})`;
  }
}

/** The desk's wallet pays the order's wallet: its amount, or a fee short of it. */
export class SendPayout extends OrderCommand {
  constructor(
    order: number,
    readonly short: boolean,
  ) {
    super(order);
  }

  protected async actOn(order: ModelOrder, model: Model, { desk }: Real) {
    const amount =
      unitsOf("bep20", order.receiveUsdt) - (this.short ? unitsOf("bep20", "0.1") : 0n);
    const hash = sendTransaction(model, desk, "bep20", model.wallets.bep20, [
      { to: order.wallet, baseUnits: amount, purpose: { order: order.id } },
    ]);
    model.trail.push(
      `the desk's wallet paid order ${order.label}${this.short ? " a fee short" : ""} in ${transactionLabel(model, hash)}`,
    );
  }

  toString() {
    return `sendPayout(order ${this.order}${this.short ? ", short" : ""})`;
  }
}

/**
 * How an order is paid in one step: the desk's wallet pays it (in full, or a fee short)
 * and its hash is recorded once final; its hash is recorded before the transaction is on
 * chain (a node behind: the checks give up on it); or the hash recorded is one already
 * on chain to the order's wallet (a batch payout, or the wrong line of the history).
 */
export type PayoutWay = "in full" | "a fee short" | "before it is on chain" | "a hash on chain";

/**
 * An operator's whole payout of an order in one step: its payment verified, paid as
 * `way` says, the chain gone on until that is final (the watcher not passing), its hash
 * recorded and the checks decided. It brings sequences to closed and failed checks,
 * where overrides and hashes recorded again begin, within a few steps.
 */
export class PayOrderThrough extends OrderCommand {
  constructor(
    order: number,
    readonly way: PayoutWay,
    readonly payout = 0,
  ) {
    super(order);
  }

  protected async actOn(order: ModelOrder, model: Model, real: Real) {
    await new VerifyPayment(this.order).run(model, real);
    if (this.way === "in full" || this.way === "a fee short") {
      await new SendPayout(this.order, this.way === "a fee short").run(model, real);
    }
    const hash =
      this.way === "in full" || this.way === "a fee short"
        ? (model.moves.at(-1)?.hash ?? "")
        : payoutHashFor(model, order, this.payout, this.way === "before it is on chain");
    real.desk.evm.head += BEP20_CONFIRMATIONS;
    const recorded = await recordPayoutHash(model, real.desk.operators[0], order, hash);
    model.trail.push(
      `the chain went on until all was final; an operator recorded payout ${recorded}`,
    );
    await new RunPayoutChecks(this.way === "before it is on chain" ? 6 : 2).run(model, real);
  }

  toString() {
    return `payOrderThrough(order ${this.order}, ${this.way}${this.way === "a hash on chain" ? ` ${this.payout}` : ""})`;
  }
}

/**
 * The payout hash an operator records on an order: one of the desk's transactions to the
 * order's wallet, or (`unsent`, or when there is none) one signed but not on chain yet.
 */
export function payoutHashFor(model: Model, order: ModelOrder, index: number, unsent: boolean) {
  const sent = [
    ...new Set(
      model.moves
        .filter((move) => move.to === order.wallet && move.from === model.wallets.bep20)
        .map((move) => move.hash),
    ),
  ];
  const chosen = unsent ? undefined : pick(sent, index);
  if (chosen) return chosen;
  const hash = `0x${randomBytes(32).toString("hex")}`;
  model.unsentPayouts.push({ hash, order: order.id });
  return hash;
}

/** An operator records an order's payout hash, which queues its check on chain. */
export async function recordPayoutHash(
  model: Model,
  operator: Real["desk"]["operators"][number],
  order: ModelOrder,
  hash: string,
) {
  const recorded = answered(
    await operator.post(`/api/admin/orders/${order.id}/status`, {
      status: "completed",
      payoutTxHash: hash,
    }),
    "recording a payout hash",
  );
  const name = model.unsentPayouts.some((unsent) => unsent.hash === hash)
    ? `${hash.slice(0, 10)} (not on chain)`
    : transactionLabel(model, hash);
  return `${name} on order ${order.label}: ${outcome(recorded)}`;
}

export class RecordPayoutHash extends OrderCommand {
  constructor(
    order: number,
    readonly payout: number,
    readonly unsent: boolean,
  ) {
    super(order);
  }

  protected async actOn(order: ModelOrder, model: Model, { desk }: Real) {
    const hash = payoutHashFor(model, order, this.payout, this.unsent);
    const result = await recordPayoutHash(model, desk.operators[0], order, hash);
    model.trail.push(`an operator recorded payout ${result}`);
  }

  toString() {
    return `recordPayoutHash(order ${this.order}, payout ${this.unsent ? "not on chain" : this.payout})`;
  }
}

/** A payout recorded before it was on chain reaches the chain. */
export class BroadcastPayout extends MoneyCommand {
  constructor(readonly payout: number) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.unsentPayouts.length > 0;
  }

  protected async act(model: Model, { desk }: Real) {
    const unsent = pick(model.unsentPayouts, this.payout);
    const order = unsent && model.orders.find((each) => each.id === unsent.order);
    if (!unsent || !order) return;
    model.unsentPayouts = model.unsentPayouts.filter((other) => other !== unsent);
    sendTransaction(
      model,
      desk,
      "bep20",
      model.wallets.bep20,
      [
        {
          to: order.wallet,
          baseUnits: unitsOf("bep20", order.receiveUsdt),
          purpose: { order: order.id },
        },
      ],
      unsent.hash,
    );
    model.trail.push(
      `payout ${unsent.hash.slice(0, 10)} reached the chain as ${transactionLabel(model, unsent.hash)}`,
    );
  }

  toString() {
    return `broadcastPayout(${this.payout})`;
  }
}

/** The payout check's worker looks at every due check, `looks` times (a hash unseen 5 times fails). */
export class RunPayoutChecks extends MoneyCommand {
  constructor(readonly looks: number) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.orders.length > 0;
  }

  protected async act(model: Model, { desk }: Real) {
    for (let look = 0; look < this.looks; look += 1) {
      if ((await desk.testApp.payoutChecks.checkDue()) === 0) break;
    }
    model.trail.push(`the payout checks looked at the chain ${this.looks} time(s)`);
  }

  toString() {
    return `runPayoutChecks(${this.looks} looks)`;
  }
}

/**
 * An operator closes an order whose check failed. `sent`: as the override says, the
 * payout was sent; the node was behind, and its transaction now reaches the chain.
 */
export class OverridePayoutCheck extends OrderCommand {
  constructor(
    order: number,
    readonly sent = false,
  ) {
    super(order);
  }

  protected async actOn(order: ModelOrder, model: Model, real: Real) {
    const overridden = answered(
      await real.desk.operators[0].post(`/api/admin/orders/${order.id}/payout-check/override`, {
        note: "Paid: the node was behind.",
      }),
      "overriding a payout check",
    );
    model.trail.push(
      `an operator overrode order ${order.label}'s failed payout check: ${outcome(overridden)}`,
    );
    const unsent = model.unsentPayouts.findIndex((payout) => payout.order === order.id);
    if (this.sent && unsent >= 0) await new BroadcastPayout(unsent).run(model, real);
  }

  toString() {
    return `overridePayoutCheck(order ${this.order}${this.sent ? ", sent" : ""})`;
  }
}

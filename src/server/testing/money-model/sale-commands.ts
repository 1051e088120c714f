import { sql } from "kysely";
import { nextReference } from "../orders";
import { type MovePart, sendTransaction, strangerWallet, unitsOf } from "./chain-moves";
import { answered, MoneyCommand, outcome } from "./command";
import { type Model, type ModelSale, pick, type Real } from "./model";
import { MODEL_BUY_RATE, type ModelNetwork } from "./money-desk";

/*
 * Sales as customers and operators make them: placed, their deposits sent in every
 * shape a wallet or an attacker sends them, cancelled, paid (with or without an
 * override), and run out of time.
 */

export class PlaceSale extends MoneyCommand {
  constructor(
    readonly customer: number,
    readonly network: ModelNetwork,
    readonly usdt: string,
  ) {
    super();
  }

  protected async act(model: Model, { desk }: Real) {
    const customer = model.customers[this.customer % model.customers.length];
    if (!customer) return;
    const placed = answered(
      await customer.client.post("/api/sell-orders", {
        network: this.network,
        usdtAmount: this.usdt,
        quotedBuyRate: MODEL_BUY_RATE,
        destinationId: customer.destinationId,
      }),
      "placing a sale",
    );
    if (placed.status !== 201) {
      model.trail.push(
        `placing a sale of ${this.usdt} USDT on ${this.network}: ${outcome(placed)}`,
      );
      return;
    }
    const sale: ModelSale = {
      id: placed.json.id,
      label: `S${model.sales.length + 1}`,
      network: this.network,
      customer: this.customer % model.customers.length,
      depositUsdt: placed.json.depositUsdt,
      depositAddress: placed.json.depositAddress,
    };
    model.sales.push(sale);
    model.trail.push(
      `customer ${sale.customer + 1} placed sale ${sale.label}: ${sale.depositUsdt} USDT on ${sale.network} to ${sale.depositAddress === desk.wallets[sale.network] ? "the desk's wallet" : sale.depositAddress}`,
    );
  }

  toString() {
    return `placeSale(customer ${this.customer}, ${this.network}, ${this.usdt} USDT)`;
  }
}

/** How a customer (or someone posing as one) sends a sale's deposit. */
export type DepositShape =
  | "exact"
  | "short"
  | "split in two"
  | "with another recipient"
  | "dust, the rest to an accomplice";

export class SendDeposit extends MoneyCommand {
  constructor(
    readonly sale: number,
    readonly shape: DepositShape,
  ) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.sales.length > 0;
  }

  protected async act(model: Model, { desk }: Real) {
    const sale = pick(model.sales, this.sale);
    const customer = sale && model.customers[sale.customer];
    if (!sale || !customer) return;
    const amount = unitsOf(sale.network, sale.depositUsdt);
    const toDesk = (baseUnits: bigint): MovePart => ({
      // The stand-in writes EVM addresses in lower case, as the chain's logs do.
      to: sale.network === "bep20" ? sale.depositAddress.toLowerCase() : sale.depositAddress,
      baseUnits,
      purpose: { sale: sale.id },
    });
    const elsewhere = (baseUnits: bigint): MovePart => ({
      to: strangerWallet(sale.network),
      baseUnits,
      purpose: { elsewhere: true },
    });
    const from = customer.wallets[sale.network];
    const send = (parts: MovePart[]) => sendTransaction(model, desk, sale.network, from, parts);
    const oneUsdt = unitsOf(sale.network, "1");
    const dust = 1n;
    const hashes =
      this.shape === "exact"
        ? [send([toDesk(amount)])]
        : this.shape === "short"
          ? [send([toDesk(amount - oneUsdt / 2n)])]
          : this.shape === "split in two"
            ? [send([toDesk(amount / 2n)]), send([toDesk(amount - amount / 2n)])]
            : this.shape === "with another recipient"
              ? [send([toDesk(amount), elsewhere(5n * oneUsdt)])]
              : [send([toDesk(dust), elsewhere(amount - dust)])];
    const labels = hashes.map((hash) => model.moves.find((move) => move.hash === hash)?.label);
    model.trail.push(
      `customer ${sale.customer + 1} sent sale ${sale.label}'s deposit (${this.shape}) in ${labels.join(" and ")}`,
    );
  }

  toString() {
    return `sendDeposit(sale ${this.sale}, ${this.shape})`;
  }
}

export class CancelSale extends MoneyCommand {
  constructor(readonly sale: number) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.sales.length > 0;
  }

  protected async act(model: Model, { desk }: Real) {
    const sale = pick(model.sales, this.sale);
    if (!sale) return;
    const cancelled = answered(
      await desk.operators[0].post(`/api/admin/sell-orders/${sale.id}/cancel`, {
        reason: "The customer asked to cancel.",
      }),
      "cancelling a sale",
    );
    model.trail.push(`an operator cancelled sale ${sale.label}: ${outcome(cancelled)}`);
  }

  toString() {
    return `cancelSale(sale ${this.sale})`;
  }
}

/** An operator marks a sale paid (rupees sent), with an override when its USDT is not received. */
export async function paySale(
  operator: Real["desk"]["operators"][number],
  deskAccountId: string,
  sale: ModelSale,
  override: boolean,
) {
  const paid = answered(
    await operator.post(`/api/admin/sell-orders/${sale.id}/paid`, {
      utr: nextReference(),
      paidFromAccountId: deskAccountId,
      ...(override && { override: true, overrideReason: "The watcher was down." }),
    }),
    "paying a sale",
  );
  return `${override ? "with an override " : ""}${outcome(paid)}`;
}

export class PaySale extends MoneyCommand {
  constructor(
    readonly sale: number,
    readonly override: boolean,
  ) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.sales.length > 0;
  }

  protected async act(model: Model, { desk }: Real) {
    const sale = pick(model.sales, this.sale);
    if (!sale) return;
    const result = await paySale(desk.operators[0], desk.deskAccountId, sale, this.override);
    model.trail.push(`an operator paid sale ${sale.label}'s rupees ${result}`);
  }

  toString() {
    return `paySale(sale ${this.sale}${this.override ? ", override" : ""})`;
  }
}

/** The clock moves past every open sale's deposit window (the database's clock cannot be moved). */
export class RunOutOfTime extends MoneyCommand {
  check(model: Readonly<Model>) {
    return model.sales.length > 0;
  }

  protected async act(model: Model, { desk }: Real) {
    await desk.testApp.db
      .updateTable("sell_orders")
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where(
        "id",
        "in",
        model.sales.map((sale) => sale.id),
      )
      .where("status", "=", "awaiting_deposit")
      .execute();
    model.trail.push("30 minutes passed: every open sale's window ran out");
  }

  toString() {
    return "runOutOfTime()";
  }
}

/** The customer opens their sale's page, which expires it when its time ran out. */
export class ViewSale extends MoneyCommand {
  constructor(readonly sale: number) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.sales.length > 0;
  }

  protected async act(model: Model) {
    const sale = pick(model.sales, this.sale);
    const customer = sale && model.customers[sale.customer];
    if (!sale || !customer) return;
    const page = answered(
      await customer.client.get(`/api/sell-orders/${sale.id}`),
      "the sale's page",
    );
    model.trail.push(
      `customer ${sale.customer + 1} opened sale ${sale.label}: ${page.json?.status}`,
    );
  }

  toString() {
    return `viewSale(sale ${this.sale})`;
  }
}

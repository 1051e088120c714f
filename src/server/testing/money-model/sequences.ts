import fc from "fast-check";
import { sql } from "kysely";
import { signedInCustomer } from "../actors";
import { freshSolanaAddress } from "../fake-solana-node";
import { freshEvmWallet } from "../watched-desk";
import {
  ChainsGoOn,
  Reorganise,
  WatcherDiesBeforeMatching,
  WatcherDiesMidPass,
  WatcherPass,
  WatcherReadsAgain,
} from "./chain-commands";
import { type Model, type ModelCustomer, newModel, type Real } from "./model";
import { MODEL_NETWORKS, type MoneyDesk } from "./money-desk";
import {
  ClaimTopUp,
  DecideUnmatched,
  type Decision,
  type Race,
  SendTopUp,
  TwoAtOnce,
} from "./operator-commands";
import {
  BroadcastPayout,
  OverridePayoutCheck,
  PayOrderThrough,
  type PayoutWay,
  PlaceOrder,
  RecordPayoutHash,
  RunPayoutChecks,
  SendPayout,
  VerifyPayment,
} from "./order-commands";
import {
  CancelSale,
  type DepositShape,
  PaySale,
  PlaceSale,
  RunOutOfTime,
  SendDeposit,
  ViewSale,
} from "./sale-commands";

/** Positions a command picks its sale, order or transfer by (counted round the list). */
const position = fc.nat({ max: 7 });
const network = fc.constantFrom(...MODEL_NETWORKS);

const payOrderThrough = fc
  .tuple(
    position,
    fc.constantFrom<PayoutWay>(
      "in full",
      "a fee short",
      "before it is on chain",
      "a hash on chain",
    ),
    position,
  )
  .map(([order, way, payout]) => new PayOrderThrough(order, way, payout));

const overridePayoutCheck = fc
  .tuple(position, fc.boolean())
  .map(([order, sent]) => new OverridePayoutCheck(order, sent));

/**
 * Every step a sequence is made of, weighted towards the money paths: sales, their
 * deposits, and the watcher that turns deposits into received sales.
 */
export const moneyCommand = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.nat({ max: 1 }), network, fc.constantFrom("10", "20"))
      .map(([customer, on, usdt]) => new PlaceSale(customer, on, usdt)),
  },
  {
    weight: 6,
    arbitrary: fc
      .tuple(
        position,
        fc.constantFrom<DepositShape>(
          "exact",
          "exact",
          "short",
          "split in two",
          "with another recipient",
          "dust, the rest to an accomplice",
        ),
      )
      .map(([sale, shape]) => new SendDeposit(sale, shape)),
  },
  {
    weight: 5,
    arbitrary: fc.constantFrom(true, true, false).map((toFinality) => new WatcherPass(toFinality)),
  },
  { weight: 2, arbitrary: fc.boolean().map((toFinality) => new ChainsGoOn(toFinality)) },
  { weight: 3, arbitrary: position.map((sale) => new CancelSale(sale)) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(position, fc.constantFrom(true, true, false))
      .map(([sale, override]) => new PaySale(sale, override)),
  },
  { weight: 1, arbitrary: fc.constant(null).map(() => new RunOutOfTime()) },
  { weight: 1, arbitrary: position.map((sale) => new ViewSale(sale)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(network, fc.nat({ max: 3 }))
      .map(([on, depth]) => new Reorganise(on, depth)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(network, fc.nat({ max: 4 }))
      .map(([on, calls]) => new WatcherDiesMidPass(on, calls)),
  },
  {
    weight: 1,
    arbitrary: fc.boolean().map((toFinality) => new WatcherDiesBeforeMatching(toFinality)),
  },
  { weight: 1, arbitrary: fc.constant(null).map(() => new WatcherReadsAgain()) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat({ max: 1 }), fc.constantFrom("4300", "4300", "8600"))
      .map(([customer, rupees]) => new PlaceOrder(customer, rupees)),
  },
  { weight: 2, arbitrary: position.map((order) => new VerifyPayment(order)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(position, fc.boolean())
      .map(([order, short]) => new SendPayout(order, short)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(position, position, fc.boolean())
      .map(([order, payout, unsent]) => new RecordPayoutHash(order, payout, unsent)),
  },
  { weight: 2, arbitrary: payOrderThrough },
  { weight: 1, arbitrary: position.map((payout) => new BroadcastPayout(payout)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(1, 6).map((looks) => new RunPayoutChecks(looks)),
  },
  { weight: 2, arbitrary: overridePayoutCheck },
  { weight: 1, arbitrary: fc.constant(null).map(() => new SendTopUp()) },
  { weight: 1, arbitrary: position.map((transfer) => new ClaimTopUp(transfer)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom<Decision>("credit", "refund", "assign", "dismiss"), position)
      .map(([decision, transfer]) => new DecideUnmatched(decision, transfer)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom<Race>(
          "both pay a sale",
          "cancel and pay a sale",
          "credit and refund a transfer",
          "credit while the watcher passes",
          "two payout hashes on an order",
        ),
        position,
      )
      .map(([race, item]) => new TwoAtOnce(race, item)),
  },
);

/**
 * The steps of the payout desk alone: one customer's orders of one amount to one wallet,
 * paid, checked, overridden and matched, the watcher and the checks racing. Fewer kinds
 * of step make its longer paths (an override, then its transfer taken again) likely.
 */
export const payoutCommand = fc.oneof(
  { weight: 5, arbitrary: payOrderThrough },
  { weight: 3, arbitrary: overridePayoutCheck },
  {
    weight: 1,
    arbitrary: fc
      .tuple(position, position, fc.boolean())
      .map(([order, payout, unsent]) => new RecordPayoutHash(order, payout, unsent)),
  },
  { weight: 1, arbitrary: position.map((payout) => new BroadcastPayout(payout)) },
  { weight: 1, arbitrary: fc.constantFrom(1, 6).map((looks) => new RunPayoutChecks(looks)) },
  { weight: 1, arbitrary: fc.boolean().map((toFinality) => new WatcherPass(toFinality)) },
  { weight: 1, arbitrary: fc.boolean().map((toFinality) => new ChainsGoOn(toFinality)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(position, fc.boolean())
      .map(([order, short]) => new SendPayout(order, short)),
  },
  {
    weight: 1,
    arbitrary: position.map((order) => new TwoAtOnce("two payout hashes on an order", order)),
  },
);

/** Orders placed at a sequence's start, all of one customer and amount, so any may take another's transfer. */
export async function placeOrders(sequence: { model: Model; real: Real }, count: number) {
  for (let placed = 0; placed < count; placed += 1) {
    await new PlaceOrder(0, "4300").run(sequence.model, sequence.real);
  }
}

/** A customer: signed in, with a UPI payout account; each sequence gives them wallets of their own. */
export async function newCustomer(desk: MoneyDesk) {
  const client = await signedInCustomer(desk.testApp);
  const added = await client.post("/api/account/payout-destinations", {
    kind: "upi",
    holderName: "Asha Verma",
    upiId: `asha.${client.userId.slice(0, 8)}@okaxis`,
  });
  if (added.status !== 201) throw new Error(`No payout account: ${added.text}`);
  return { client, destinationId: added.json.id as string };
}

export type Customer = Awaited<ReturnType<typeof newCustomer>>;

/**
 * The start of a sequence: the last one's open sales run out of time (the watcher's pass
 * expires them, freeing their amounts), then fresh nodes, desk wallets and customers'
 * wallets, and a model knowing them.
 */
export async function startSequence(
  desk: MoneyDesk,
  customers: Customer[],
): Promise<{ model: Model; real: Real }> {
  await desk.testApp.db
    .updateTable("sell_orders")
    .set({ expires_at: sql<Date>`now() - interval '1 second'` })
    .where("status", "=", "awaiting_deposit")
    .execute();
  await desk.pass();
  await desk.startSequence();
  const withWallets: ModelCustomer[] = customers.map((customer) => ({
    ...customer,
    wallets: { bep20: freshEvmWallet(), solana: freshSolanaAddress() },
  }));
  return { model: newModel(desk, withWallets), real: { desk } };
}

/**
 * The end of a sequence: the chains go on until everything sent is final, the watcher
 * passes and the payout checks look, so that what the steps set going is decided (and
 * checked) before the next sequence starts.
 */
export async function settleSequence(model: Model, real: Real) {
  await new WatcherPass(true).run(model, real);
  await new RunPayoutChecks(1).run(model, real);
}

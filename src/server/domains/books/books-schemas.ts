import { z } from "@hono/zod-openapi";
import { isCalendarDay } from "../../../shared/usdt-purchase-input";
import { BOOK_VIEWS } from "./books-export";

/** The longest span one request reads: a year, leap day included. */
export const MAX_BOOK_DAYS = 366;
const DAY_MS = 86_400_000;

const isoDay = (name: string) =>
  z
    .string({ error: `${name} is required: a day, like 2026-11-01.` })
    .refine(isCalendarDay, { error: `${name} must be a day, like 2026-11-01.` })
    .openapi({ param: { name, in: "query" }, example: "2026-11-01" });

export const rangeQuery = z
  .object({ from: isoDay("from"), to: isoDay("to") })
  .refine((range) => range.from <= range.to, { error: "from must not be after to.", path: ["to"] })
  .refine(
    (range) =>
      (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS <
      MAX_BOOK_DAYS,
    { error: `The books read at most ${MAX_BOOK_DAYS} days at a time.`, path: ["to"] },
  );

const dec = (description: string) => z.string().describe(description);
const daySchema = z.object({
  date: z.string().describe("India day"),
  orders: z.number().int(),
  inr: dec("Rupees of the day's completed orders (as on the dashboard)"),
  usdt: dec("USDT paid out on them (as on the dashboard)"),
  usdtInr: dec("Rupees of the orders paid out in USDT"),
  averageRate: z.string().nullable().describe("usdtInr ÷ usdt; null without USDT sold"),
  costInr: dec("What the USDT sold cost, by weighted average"),
  uncostedUsdt: dec("USDT sold beyond the purchases recorded"),
  marginInr: dec("usdtInr − costInr"),
  sellOrders: z.number().int().describe("Sell orders paid that day: USDT bought from customers"),
  usdtBought: dec("USDT of the sell orders paid that day"),
  inrPaid: dec("Rupees paid for it"),
  averageBuyRate: z.string().nullable().describe("inrPaid ÷ usdtBought; null without USDT bought"),
  buySpreadInr: z
    .string()
    .nullable()
    .describe(
      "usdtBought valued at the day's averageRate, minus inrPaid; null without USDT bought or sold",
    ),
  usdtReceived: dec("USDT customers' deposits brought into the payout wallets that day"),
});
export const booksSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.array(daySchema),
    accounts: z.array(
      z.object({
        date: z.string(),
        accountId: z.string().nullable(),
        accountLabel: z.string(),
        orders: z.number().int(),
        ordersInr: z.string(),
        statementInr: z.string().nullable().describe("Statement credits valued that day"),
        payouts: z.number().int().describe("Sell orders paid from it that day"),
        paidOutInr: z.string().describe("Rupees paid from it to customers who sold USDT"),
        statementDebitInr: z.string().nullable().describe("Statement debits valued that day"),
      }),
    ),
    networks: z.array(
      z.object({
        date: z.string(),
        network: z.string(),
        orders: z.number().int(),
        usdt: z.string(),
        feeCoin: z.string().nullable().describe("TRX, BNB, ETH, POL or SOL"),
        feesPaid: z.string().describe("Fees of the payouts whose fee the chain check recorded"),
        payoutsWithoutFee: z
          .number()
          .int()
          .describe("Payouts whose fee is not known (not checked on chain, or overridden)"),
        deposits: z.number().int().describe("Customers' deposits received that day"),
        usdtIn: z.string().describe("Their USDT, into the network's payout wallet"),
      }),
    ),
    totals: daySchema.omit({ date: true }).extend({
      averageCost: z.string().nullable(),
      spreadPerUsdt: z.string().nullable(),
      buySpreadPerUsdt: z.string().nullable().describe("averageRate − averageBuyRate"),
    }),
    stock: z.object({ usdt: z.string(), costInr: z.string() }),
    tds: z
      .object({
        deductedInr: dec("TDS kept back from the sales paid in the span"),
        depositedInr: dec("Tax of the TDS challans deposited in the span"),
        interestAndFeesInr: dec("Interest and fees those challans paid"),
        payableInr: dec("TDS deducted up to `to` and not deposited by then"),
      })
      .describe("TDS under section 194S on the desk's purchases (decision 061)"),
  })
  .openapi("Books");

export const booksCsvQuery = rangeQuery.safeExtend({
  view: z
    .enum(BOOK_VIEWS, { error: `The view is one of ${BOOK_VIEWS.join(", ")}.` })
    .default("days"),
});

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const purchaseParams = z.object({
  id: z.uuid({ error: "This is not a purchase id." }).openapi({
    param: { name: "id", in: "path" },
  }),
});

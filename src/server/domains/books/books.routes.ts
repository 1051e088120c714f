import { createRoute, z } from "@hono/zod-openapi";
import { isCalendarDay } from "../../../shared/usdt-purchase-input";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
} from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { BOOK_VIEWS, booksCsv, booksFileName, booksWorkbook } from "./books-export";
import { getBooks } from "./daily-books";
import { invalidPurchase, purchaseBody, purchaseSchema } from "./purchase-schemas";
import { listPurchases, recordPurchase, updatePurchase } from "./usdt-purchases";

/** The longest span one request reads: a year, leap day included. */
export const MAX_BOOK_DAYS = 366;
const DAY_MS = 86_400_000;

const isoDay = (name: string) =>
  z
    .string({ error: `${name} is required: a day, like 2026-11-01.` })
    .refine(isCalendarDay, { error: `${name} must be a day, like 2026-11-01.` })
    .openapi({ param: { name, in: "query" }, example: "2026-11-01" });

const rangeQuery = z
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
const booksSchema = z
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

const getBooksRoute = createRoute({
  method: "get",
  path: "/api/admin/books",
  tags: ["Admin"],
  summary: "The daily books of India days `from` to `to` (at most a year)",
  request: { query: rangeQuery },
  responses: {
    200: { description: "The books", content: jsonContent(booksSchema) },
    400: errorResponse("A malformed range"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const exportCsvRoute = createRoute({
  method: "get",
  path: "/api/admin/books/export.csv",
  tags: ["Admin"],
  summary: "One view of the books as CSV",
  request: {
    query: rangeQuery.safeExtend({
      view: z
        .enum(BOOK_VIEWS, { error: `The view is one of ${BOOK_VIEWS.join(", ")}.` })
        .default("days"),
    }),
  },
  responses: {
    200: { description: "A CSV attachment", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("A malformed range or view"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const exportXlsxRoute = createRoute({
  method: "get",
  path: "/api/admin/books/export.xlsx",
  tags: ["Admin"],
  summary: "The books as an Excel workbook: a sheet per view, amounts as numbers",
  request: { query: rangeQuery },
  responses: {
    200: { description: "An .xlsx attachment", content: { [XLSX_TYPE]: { schema: z.string() } } },
    400: errorResponse("A malformed range"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const listPurchasesRoute = createRoute({
  method: "get",
  path: "/api/admin/books/purchases",
  tags: ["Admin"],
  summary: "USDT purchases dated `from` to `to`, newest first",
  request: { query: rangeQuery },
  responses: {
    200: {
      description: "The purchases",
      content: jsonContent(z.object({ purchases: z.array(purchaseSchema) })),
    },
    400: errorResponse("A malformed range"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const recordPurchaseRoute = createRoute({
  method: "post",
  path: "/api/admin/books/purchases",
  tags: ["Admin"],
  summary: "Record a USDT purchase (audited)",
  request: { body: { content: jsonContent(purchaseBody), required: true } },
  responses: {
    201: { description: "Recorded", content: jsonContent(purchaseSchema) },
    400: invalidPurchase,
    ...ADMIN_ONLY_RESPONSES,
  },
});

const updatePurchaseRoute = createRoute({
  method: "put",
  path: "/api/admin/books/purchases/{id}",
  tags: ["Admin"],
  summary: "Save a USDT purchase's form (audited before → after)",
  request: {
    params: z.object({
      id: z.uuid({ error: "This is not a purchase id." }).openapi({
        param: { name: "id", in: "path" },
      }),
    }),
    body: { content: jsonContent(purchaseBody), required: true },
  },
  responses: {
    200: { description: "Saved", content: jsonContent(purchaseSchema) },
    400: invalidPurchase,
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such purchase"),
  },
});

export function createBooksRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  const download = (name: string, type: string) => ({
    "content-type": type,
    "content-disposition": `attachment; filename="${name}"`,
    "cache-control": "no-store",
  });
  return createRouter()
    .openapi(getBooksRoute, async (c) => c.json(await getBooks(db, c.req.valid("query")), 200))
    .openapi(exportCsvRoute, async (c) => {
      const { view, ...range } = c.req.valid("query");
      const books = await getBooks(db, range);
      const purchases = view === "purchases" ? await listPurchases(db, range) : [];
      return c.body(
        booksCsv(books, purchases, view),
        200,
        download(booksFileName(range, "csv", view), "text/csv; charset=utf-8"),
      );
    })
    .openapi(exportXlsxRoute, async (c) => {
      const range = c.req.valid("query");
      const [books, purchases] = [await getBooks(db, range), await listPurchases(db, range)];
      const workbook = await booksWorkbook(books, purchases);
      return c.body(
        new Uint8Array(workbook),
        200,
        download(booksFileName(range, "xlsx"), XLSX_TYPE),
      );
    })
    .openapi(listPurchasesRoute, async (c) =>
      c.json({ purchases: await listPurchases(db, c.req.valid("query")) }, 200),
    )
    .openapi(recordPurchaseRoute, async (c) => {
      const purchase = await recordPurchase(
        db,
        actorOf(c.var.user),
        c.req.valid("json"),
        clientIp(c, context.trustProxy) ?? null,
      );
      return c.json(purchase, 201);
    })
    .openapi(updatePurchaseRoute, async (c) => {
      const purchase = await updatePurchase(
        db,
        actorOf(c.var.user),
        c.req.valid("param").id,
        c.req.valid("json"),
        clientIp(c, context.trustProxy) ?? null,
      );
      return c.json(purchase, 200);
    });
}

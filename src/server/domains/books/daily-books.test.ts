import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "../../../shared/money";
import { type Client, signedInAdmin, signedInCustomer } from "../../testing/actors";
import { insertGeneratedOrders } from "../../testing/generated-orders";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { getDashboardStats, SERIES_DAYS } from "../dashboard/dashboard-stats";
import type { Books } from "./daily-books";

/*
 * The books' figures against the dashboard's and the orders CSV's for the same India
 * days: a month of generated orders, some changed after they were placed, the totals
 * partly folded (issue 26). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const DAYS = 30;
const PER_DAY = 24;
const IST_MS = 330 * 60_000;
const indiaDay = (at: Date) => new Date(at.getTime() + IST_MS).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let testApp: TestApp;
let admin: Client;
let books: Books;
const today = indiaDay(new Date());
const from = addDays(today, -(DAYS - 1));

/** The completed orders of the orders CSV, per India day of their creation. */
type CsvOrder = Record<string, string>;
let csvOrders: CsvOrder[];
let statementAccount: { id: string; label: string };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  const customer = await signedInCustomer(testApp);
  const accounts = await testApp.db.selectFrom("receiving_accounts").select("id").execute();
  await insertGeneratedOrders(testApp.db, {
    from,
    days: DAYS,
    perDay: PER_DAY,
    userId: customer.userId,
    accountIds: accounts.map(({ id }) => id),
    tag: "BOOKS-",
  });
  await testApp.foldOrderTotals();
  statementAccount = await testApp.db
    .selectFrom("receiving_accounts")
    .select(["id", "label"])
    .where("kind", "=", "upi")
    .executeTakeFirstOrThrow();
  const { id: importId } = await testApp.db
    .insertInto("statement_imports")
    .values({
      receiving_account_id: statementAccount.id,
      file_name: "statement.csv",
      first_value_date: addDays(from, 2),
      last_value_date: addDays(from, 3),
      credits_read: 3,
      credits_added: 3,
      debits_read: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await testApp.db
    .insertInto("statement_lines")
    .values(
      [
        [addDays(from, 2), "1000.50"],
        [addDays(from, 2), "2500.25"],
        [addDays(from, 3), "99.99"],
      ].map(([day, amount], index) => ({
        receiving_account_id: statementAccount.id,
        import_id: importId,
        line_number: index + 1,
        value_date: day as string,
        amount: amount as string,
        narration: `UPI/CR/${index}`,
        line_key: `LINE-${index}`,
      })),
    )
    .execute();
  // Changes after the fold stay as change rows: both must count.
  await sql`UPDATE orders SET status = 'completed' WHERE status = 'pending'`.execute(testApp.db);
  await sql`UPDATE orders SET status = 'cancelled'
    WHERE payment_reference IN ('BOOKS-3', 'BOOKS-101', 'BOOKS-500')`.execute(testApp.db);
  // Five TRC20 payouts whose chain check recorded their fee (migration 0086).
  const checked = await testApp.db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "completed")
    .where("network", "=", "trc20")
    .orderBy("payment_reference")
    .limit(5)
    .execute();
  await testApp.db
    .insertInto("payout_checks")
    .values(
      checked.map(({ id }, index) => ({
        order_id: id,
        payout_tx_hash: `${index}`.padStart(64, "a"),
        state: "confirmed" as const,
        fee_paid: "13.84485",
        fee_coin: "TRX",
      })),
    )
    .execute();
  for (const purchase of [
    { boughtOn: from, quantityUsdt: "20000", paidCurrency: "INR", paidAmount: "1700000" },
    {
      boughtOn: addDays(from, 10),
      quantityUsdt: "30000.5",
      paidCurrency: "USD",
      paidAmount: "30100.25",
      usdInrRate: "84.1275",
    },
  ]) {
    const response = await admin.post("/api/admin/books/purchases", {
      network: "trc20",
      source: "Binance P2P",
      ...purchase,
    });
    expect(response.status, response.text).toBe(201);
  }
  const response = await admin.get(`/api/admin/books?from=${from}&to=${today}`);
  expect(response.status, response.text).toBe(200);
  books = response.json;
  const csv = await admin.get("/api/admin/orders/export.csv");
  expect(csv.status).toBe(200);
  csvOrders = (parse(csv.text, { columns: true }) as CsvOrder[]).filter(
    (order) => order.Status === "completed",
  );
}, 60_000);
afterAll(() => testApp.close());

const sumBy = <Row>(rows: Row[], amount: (row: Row) => string) =>
  rows.reduce((total, row) => total.plus(amount(row)), new Decimal(0));
const inr = (value: Decimal) => value.toFixed(2);
const usdt = (value: Decimal) => value.toFixed(4);
const isInrSend = (order: CsvOrder) => order["Send Currency"]?.endsWith("_inr");
const isUsdtPayout = (order: CsvOrder) =>
  ["usdt", "binance_pay_usdt"].includes(order["Receive Currency"] ?? "");

describe("the books of a month of generated orders", () => {
  it("has every day of the range, with the orders of the month in them", () => {
    expect(books.days.map((day) => day.date)).toEqual(
      Array.from({ length: DAYS }, (_, index) => addDays(from, index)),
    );
    expect(books.totals.orders).toBe(csvOrders.length);
    expect(books.totals.orders).toBeGreaterThan(DAYS * PER_DAY * 0.8);
  });

  it("equals the dashboard's figures for the same days (the API's today and week, and its series)", async () => {
    const dashboard = await admin.get("/api/admin/dashboard");
    expect(dashboard.status).toBe(200);
    const byDay = new Map(books.days.map((day) => [day.date, day]));
    const lastWeek = books.days.slice(-7);
    expect(dashboard.json.today).toEqual({
      inrReceived: byDay.get(today)?.inr,
      usdtPaidOut: byDay.get(today)?.usdt,
    });
    expect(dashboard.json.last7Days).toEqual({
      inrReceived: inr(sumBy(lastWeek, (day) => day.inr)),
      usdtPaidOut: usdt(sumBy(lastWeek, (day) => day.usdt)),
    });
    // The dashboard's chart shows 14 days; earlier windows are asked of it with an earlier "now".
    for (let end = 0; end > -DAYS; end -= SERIES_DAYS) {
      const now = new Date(Date.now() + end * 86_400_000);
      const { series } = await getDashboardStats(testApp.db, { now });
      for (const day of series.filter((point) => point.date >= from)) {
        const booked = byDay.get(day.date);
        expect({
          date: day.date,
          inr: booked?.inr,
          usdt: booked?.usdt,
          orders: booked?.orders,
        }).toEqual(day);
      }
    }
  });

  it("equals the orders CSV's completed orders, day by day", () => {
    for (const day of books.days) {
      const orders = csvOrders.filter(
        (order) => indiaDay(new Date(order["Created At (UTC)"] ?? "")) === day.date,
      );
      expect({
        date: day.date,
        orders: day.orders,
        inr: day.inr,
        usdt: day.usdt,
        usdtInr: day.usdtInr,
      }).toEqual({
        date: day.date,
        orders: orders.length,
        inr: inr(sumBy(orders.filter(isInrSend), (order) => order["Send Amount"] ?? "0")),
        usdt: usdt(sumBy(orders.filter(isUsdtPayout), (order) => order["Receive Amount"] ?? "0")),
        usdtInr: inr(sumBy(orders.filter(isUsdtPayout), (order) => order["Send Amount"] ?? "0")),
      });
    }
    expect(books.totals.inr).toBe(
      inr(sumBy(csvOrders.filter(isInrSend), (o) => o["Send Amount"] ?? "0")),
    );
  });

  it("splits each day's rupees by receiving account and its USDT by network, as the CSV does", () => {
    for (const day of books.days) {
      const orders = csvOrders.filter(
        (order) => indiaDay(new Date(order["Created At (UTC)"] ?? "")) === day.date,
      );
      const accounts = books.accounts.filter((row) => row.date === day.date);
      expect(inr(sumBy(accounts, (row) => row.ordersInr))).toBe(day.inr);
      for (const row of accounts) {
        const paidIn = orders.filter((order) =>
          row.accountId === null
            ? order["Receiving Account"] === ""
            : order["Receiving Account"]?.startsWith(`${row.accountLabel} (`),
        );
        expect(row.ordersInr).toBe(inr(sumBy(paidIn, (order) => order["Send Amount"] ?? "0")));
        expect(row.orders).toBe(paidIn.length);
      }
      const networks = books.networks.filter((row) => row.date === day.date);
      expect(usdt(sumBy(networks, (row) => row.usdt))).toBe(day.usdt);
      for (const row of networks) {
        const paidOut = orders.filter(
          (order) => (order.Network || order["Receive Currency"]) === row.network,
        );
        expect(row.usdt).toBe(usdt(sumBy(paidOut, (order) => order["Receive Amount"] ?? "0")));
      }
    }
    expect(new Set(books.networks.map((row) => row.network))).toEqual(
      new Set(["trc20", "bep20", "erc20", "polygon", "solana", "binance_pay_usdt"]),
    );
    expect(books.accounts.some((row) => row.accountId === null)).toBe(true);
  });

  it("adds up the fees the chain checks recorded, and counts the payouts without one", () => {
    const trc20 = books.networks.filter((row) => row.network === "trc20");
    expect(inr(sumBy(trc20, (row) => row.feesPaid))).toBe(inr(new Decimal("13.84485").times(5)));
    expect(new Set(trc20.filter((row) => row.feesPaid !== "0").map((row) => row.feeCoin))).toEqual(
      new Set(["TRX"]),
    );
    for (const row of books.networks) {
      const withFee =
        row.network === "trc20" ? new Decimal(row.feesPaid).div("13.84485").toNumber() : 0;
      expect(row.payoutsWithoutFee).toBe(row.orders - withFee);
    }
  });

  it("costs the month's USDT from the purchases, and its totals add up", () => {
    const totals = books.totals;
    expect(totals.costInr).toBe(inr(sumBy(books.days, (day) => day.costInr)));
    expect(totals.marginInr).toBe(inr(new Decimal(totals.usdtInr).minus(totals.costInr)));
    expect(totals.uncostedUsdt).toBe(usdt(sumBy(books.days, (day) => day.uncostedUsdt)));
    // 50,000.5 USDT were bought for 1,700,000 + 30,100.25 × 84.1275 rupees.
    const paid = new Decimal("1700000").plus(new Decimal("30100.25").times("84.1275"));
    const sold = new Decimal(totals.usdt).minus(totals.uncostedUsdt);
    expect(new Decimal(books.stock.usdt).plus(sold).toFixed(4)).toBe("50000.5000");
    expect(
      new Decimal(books.stock.costInr).plus(totals.costInr).minus(paid).abs().lte("0.005"),
    ).toBe(true);
  });

  it("exports the days as CSV with the same figures", async () => {
    const response = await admin.get(`/api/admin/books/export.csv?from=${from}&to=${today}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(
      `rupeedesk-books-days-${from}-to-${today}.csv`,
    );
    const rows = parse(response.text, { columns: true }) as Record<string, string>[];
    expect(
      rows.map((row) => [
        row["Date (India)"],
        row.Orders,
        row["INR Received"],
        row["USDT Paid Out"],
      ]),
    ).toEqual(books.days.map((day) => [day.date, String(day.orders), day.inr, day.usdt]));
  });

  it("shows the credits of imported statements beside the orders, by account and value day", () => {
    const credits = books.accounts
      .filter((row) => row.statementInr !== null)
      .map((row) => [row.date, row.accountLabel, row.statementInr]);
    expect(credits).toEqual([
      [addDays(from, 2), statementAccount.label, "3500.75"],
      [addDays(from, 3), statementAccount.label, "99.99"],
    ]);
  });

  it("exports a workbook with a sheet per view, its amounts numbers equal to the books'", async () => {
    const response = await testApp.app.request(
      `/api/admin/books/export.xlsx?from=${from}&to=${today}`,
      { headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(".xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "Days",
      "Accounts",
      "Networks",
      "Purchases",
    ]);
    const days = workbook.getWorksheet("Days");
    expect(days?.getRow(1).getCell(3).value).toBe("INR Received");
    expect(days?.rowCount).toBe(DAYS + 1);
    books.days.forEach((day, index) => {
      const row = days?.getRow(index + 2);
      const cells = [2, 3, 4, 7, 9].map((column) => row?.getCell(column).value);
      expect(cells.every((value) => typeof value === "number")).toBe(true);
      expect(row?.getCell(1).value).toBe(day.date);
      expect(cells).toEqual([
        day.orders,
        Number(day.inr),
        Number(day.usdt),
        Number(day.costInr),
        Number(day.marginInr),
      ]);
      // The number reads back as the books' exact text at its places.
      expect((cells[1] as number).toFixed(2)).toBe(day.inr);
    });
    const purchases = workbook.getWorksheet("Purchases");
    expect(purchases?.rowCount).toBe(3);
    expect(purchases?.getRow(2).getCell(3).value).toBe(30000.5);
    expect(purchases?.getRow(2).getCell(3).numFmt).toBe("#,##0.0000");
  });
});

import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import {
  exportBooksCsvRoute,
  exportBooksXlsxRoute,
  getBooksRoute,
  listPurchasesRoute,
  recordPurchaseRoute,
  updatePurchaseRoute,
} from "./books.contracts";
import { booksCsv, booksFileName, booksWorkbook } from "./books-export";
import { XLSX_TYPE } from "./books-schemas";
import { getBooks } from "./daily-books";
import { listPurchases, recordPurchase, updatePurchase } from "./usdt-purchases";

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
    .openapi(exportBooksCsvRoute, async (c) => {
      const { view, ...range } = c.req.valid("query");
      const books = await getBooks(db, range);
      const purchases = view === "purchases" ? await listPurchases(db, range) : [];
      return c.body(
        booksCsv(books, purchases, view),
        200,
        download(booksFileName(range, "csv", view), "text/csv; charset=utf-8"),
      );
    })
    .openapi(exportBooksXlsxRoute, async (c) => {
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

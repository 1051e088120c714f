import { financialYearOfDay } from "../../../shared/tds-calendar";
import { adminActor } from "../../platform/api/admin-actor";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import type { Database } from "../../platform/db/database";
import { readIndiaToday } from "../../platform/db/india-day";
import { listChallans, recordChallan } from "./tds-challans";
import { readTdsRegister } from "./tds-register";
import {
  downloadTdsReturnRoute,
  getTdsRegisterRoute,
  listTdsChallansRoute,
  recordTdsChallanRoute,
  XLSX_TYPE,
} from "./tds-register.contracts";
import { returnWorkbook } from "./tds-return";

/** India's today, and the financial year asked for, else today's. */
async function yearAsked(db: Database, financialYear: number | undefined) {
  const today = await readIndiaToday(db);
  return { today, financialYear: financialYear ?? financialYearOfDay(today) };
}

/** Admin → TDS Register: the deductions by month, the challans that deposited them, the return's data. */
export function createTdsRegisterRouter(context: AppContext) {
  const { db, trustProxy } = context;
  return createRouter()
    .openapi(getTdsRegisterRoute, async (c) => {
      const asked = await yearAsked(db, c.req.valid("query").financialYear);
      c.header("Cache-Control", "no-store");
      return c.json(await readTdsRegister(db, asked), 200);
    })
    .openapi(listTdsChallansRoute, async (c) => {
      const { financialYear } = await yearAsked(db, c.req.valid("query").financialYear);
      c.header("Cache-Control", "no-store");
      return c.json({ challans: await listChallans(db, financialYear) }, 200);
    })
    .openapi(recordTdsChallanRoute, async (c) => {
      const challan = await recordChallan(db, adminActor(c, trustProxy), c.req.valid("json"));
      return c.json(challan, 201);
    })
    .openapi(downloadTdsReturnRoute, async (c) => {
      const { workbook, fileName } = await returnWorkbook(db, c.req.valid("query"));
      return c.body(new Uint8Array(workbook), 200, {
        "content-type": XLSX_TYPE,
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "no-store",
      });
    });
}

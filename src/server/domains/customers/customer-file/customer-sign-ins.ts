import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema";
import { csvLine } from "../../../platform/http/csv";
import { CUSTOMER_FILE_PAGE_SIZE } from "./customer-file-records";

export const SIGN_IN_COLUMNS = ["Signed In At (UTC)", "IP Address", "Browser (user agent)"];

/** Every sign-in of the customer, oldest first, with its address and browser, a page at a time. */
export async function* customerSignInPages(db: Kysely<DB>, userId: string) {
  let afterId: string | null = null;
  for (;;) {
    let query = db
      .selectFrom("sign_ins")
      .select(["id", "created_at", "ip_address", "user_agent"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .limit(CUSTOMER_FILE_PAGE_SIZE);
    if (afterId) query = query.where("id", ">", afterId);
    const rows = await query.execute();
    if (rows.length > 0) {
      const lines = rows.map((row) =>
        csvLine([row.created_at.toISOString(), row.ip_address, row.user_agent]),
      );
      yield { rows, csv: lines.join("") };
    }
    if (rows.length < CUSTOMER_FILE_PAGE_SIZE) return;
    afterId = rows.at(-1)?.id ?? null;
  }
}

import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { readIndiaToday } from "../../platform/db/india-day";
import { readWatcherLag } from "../chain/watcher-lag";
import { payoutWarnings } from "../payouts/payout-links";
import { readTdsDeposits } from "../tax/tds-figures";
import { getDashboardRoute } from "./dashboard.contracts";
import { getDashboardStats } from "./dashboard-stats";

export function createAdminDashboardRouter({ db, chains }: AppContext) {
  return createRouter().openapi(getDashboardRoute, async (c) =>
    c.json(
      {
        ...(await getDashboardStats(db)),
        watchers: await readWatcherLag(db, chains),
        ...(await payoutWarnings(db)),
        tds: await readTdsDeposits(db, await readIndiaToday(db)),
      },
      200,
    ),
  );
}

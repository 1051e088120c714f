import { sql } from "kysely";
import type { SessionUser } from "../../../platform/api/session";
import { AppError } from "../../../platform/http/errors";
import { refusalRule, type SiteSettings } from "./order-rule";

function underMaintenance() {
  return new AppError(
    403,
    "MAINTENANCE_MODE",
    "RupeeDesk is under maintenance and is not taking new orders right now. Please try again later.",
  );
}

/** Customers cannot order or sell while the site is under maintenance; admins keep working. */
export const maintenanceRule = refusalRule<"maintenance_mode", unknown>({
  name: "maintenance",
  settings: ["maintenance_mode"],
  passes: sql<boolean>`NOT settings.maintenance_mode OR input.is_admin`,
  refusal: underMaintenance,
});

/** The payment step's look before an order: nobody is shown where to pay either. */
export function checkMaintenance(
  user: Pick<SessionUser, "role">,
  settings: Pick<SiteSettings, "maintenance_mode">,
) {
  if (settings.maintenance_mode && user.role !== "admin") throw underMaintenance();
}

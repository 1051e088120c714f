import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { getTaxSettingsRoute, saveTaxSettingsRoute } from "./tax-settings.contracts";
import { getTaxSettings, saveTaxSettings } from "./tax-settings.service";

export function createTaxSettingsRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(getTaxSettingsRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getTaxSettings(db), 200);
    })
    .openapi(saveTaxSettingsRoute, async (c) => {
      const actor = { id: c.var.user.id, email: c.var.user.email };
      const saved = await saveTaxSettings(
        db,
        actor,
        c.req.valid("json"),
        clientIp(c, context.trustProxy),
      );
      c.header("Cache-Control", "no-store");
      return c.json(saved, 200);
    });
}

import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { getBuyingSettingsRoute, saveBuyingSettingsRoute } from "./buying-settings.contracts";
import { getBuyingSettings, saveBuyingSettings } from "./buying-settings.service";

export function createBuyingSettingsRouter(context: AppContext) {
  const { db } = context;
  return createRouter()
    .openapi(getBuyingSettingsRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getBuyingSettings(db), 200);
    })
    .openapi(saveBuyingSettingsRoute, async (c) => {
      const actor = { id: c.var.user.id, email: c.var.user.email };
      const input = c.req.valid("json");
      const saved = await saveBuyingSettings(db, actor, input, clientIp(c, context.trustProxy));
      c.header("Cache-Control", "no-store");
      return c.json(saved, 200);
    });
}

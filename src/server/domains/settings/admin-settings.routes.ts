import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import { getAdminSettingsRoute, saveAdminSettingsRoute } from "./admin-settings.contracts";
import { getAdminSettings, saveSiteSettings } from "./admin-settings.service";
import { describeInvalidSettings } from "./admin-settings-schemas";

export function createAdminSettingsRouter(context: AppContext) {
  const { db, supportLinks } = context;
  return createRouter()
    .openapi(getAdminSettingsRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getAdminSettings(db, supportLinks), 200);
    })
    .openapi(
      saveAdminSettingsRoute,
      async (c) => {
        const saved = await saveSiteSettings({
          db,
          actor: { id: c.var.user.id, email: c.var.user.email },
          input: c.req.valid("json"),
          defaults: supportLinks,
          ipAddress: clientIp(c, context.trustProxy),
        });
        c.header("Cache-Control", "no-store");
        return c.json(saved, 200);
      },
      (result, c) => {
        if (!result.success) return c.json(describeInvalidSettings(result.error), 400);
      },
    );
}

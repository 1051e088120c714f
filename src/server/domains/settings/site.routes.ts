import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { getSiteSettings, toPublicSiteSettings } from "../../platform/settings-store/site-settings";
import { pausedNetworks } from "../treasury/list-treasury";
import { getSiteSettingsRoute } from "./site.contracts";

export function createSiteRouter({ db, supportLinks }: AppContext) {
  return createRouter().openapi(getSiteSettingsRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    const [settings, paused] = await Promise.all([getSiteSettings(db), pausedNetworks(db)]);
    return c.json({ ...toPublicSiteSettings(settings, supportLinks), pausedNetworks: paused }, 200);
  });
}

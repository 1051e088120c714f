import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { requireUser } from "../../platform/api/session";
import { saveAccountLanguage } from "./account-language";
import { saveLanguageRoute } from "./language.contracts";

export function createAccountLanguageRouter(context: AppContext) {
  const router = createRouter();
  router.use("/api/account/*", requireUser(context));
  return router.openapi(saveLanguageRoute, async (c) => {
    const { language } = c.req.valid("json");
    await saveAccountLanguage(context.db, c.var.user.id, language);
    return c.json({ language }, 200);
  });
}

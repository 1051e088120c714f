import { createRoute, z } from "@hono/zod-openapi";
import { LANGUAGES } from "../../../shared/languages";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter, errorResponse } from "../../platform/api/router";
import { requireUser } from "../../platform/api/session";

const languageSchema = z
  .object({
    language: z.enum(LANGUAGES, { error: `Choose one of the languages: ${LANGUAGES.join(", ")}.` }),
  })
  .openapi("AccountLanguage");

const saveLanguageRoute = createRoute({
  method: "put",
  path: "/api/account/language",
  tags: ["Account"],
  summary: "Save the language the signed-in customer reads the site in",
  description:
    "Their other devices switch to it when they sign in, and the mails we send them (order updates, password resets) are written in it.",
  request: {
    body: { required: true, content: { "application/json": { schema: languageSchema } } },
  },
  responses: {
    200: {
      description: "The saved language",
      content: { "application/json": { schema: languageSchema } },
    },
    400: errorResponse("Not a language the site is written in"),
    401: errorResponse("Not signed in"),
  },
});

export function createAccountLanguageRouter(context: AppContext) {
  const router = createRouter();
  router.use("/api/account/*", requireUser(context));
  return router.openapi(saveLanguageRoute, async (c) => {
    const { language } = c.req.valid("json");
    await context.db
      .updateTable("user")
      .set({ language, updatedAt: new Date() })
      .where("id", "=", c.var.user.id)
      .execute();
    return c.json({ language }, 200);
  });
}

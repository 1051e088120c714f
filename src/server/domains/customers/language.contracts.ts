import { createRoute } from "@hono/zod-openapi";
import { errorResponse, jsonBody, jsonResponse } from "../../platform/api/router";
import { languageSchema } from "./language-schemas";

export const saveLanguageRoute = createRoute({
  method: "put",
  path: "/api/account/language",
  tags: ["Account"],
  summary: "Save the language the signed-in customer reads the site in",
  description:
    "Their other devices switch to it when they sign in, and the mails we send them (order updates, password resets) are written in it.",
  request: { body: jsonBody(languageSchema) },
  responses: {
    200: jsonResponse("The saved language", languageSchema),
    400: errorResponse("Not a language the site is written in"),
    401: errorResponse("Not signed in"),
  },
});

import { z } from "@hono/zod-openapi";
import { LANGUAGES } from "../../../shared/languages";

export const languageSchema = z
  .object({
    language: z.enum(LANGUAGES, { error: `Choose one of the languages: ${LANGUAGES.join(", ")}.` }),
  })
  .openapi("AccountLanguage");

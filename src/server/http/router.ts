import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../auth/session";

/** The shape of every error answer. */
export const errorSchema = z
  .object({ error: z.string(), code: z.string().optional() })
  .openapi("Error");

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorSchema } },
});

/** A feature router whose invalid requests answer 400 with the first problem in plain words. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const field = issue?.path.join(".");
      // Our own checks speak to the customer; zod's generic ones need the field's name.
      const message = !issue
        ? "Invalid request"
        : issue.code === "custom" || !field
          ? issue.message
          : `${field}: ${issue.message}`;
      // The field lets a reader of another language read the form's own text for it.
      return c.json({ error: message, code: "INVALID_INPUT", ...(field && { field }) }, 400);
    },
  });
}

import { createRoute, OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import { hasUnseenControls } from "../../../shared/plain-text";
import type { AppEnv } from "./session";

/** The shape of every error answer. */
export const errorSchema = z
  .object({ error: z.string(), code: z.string().optional() })
  .openapi("Error");

/** A JSON body or answer of this schema, as a route declares it. */
/** A settings form's refusal: the field it names, and nothing written. */
export const invalidSettingsSchema = z
  .object({ error: z.string(), code: z.string(), field: z.string().optional() })
  .openapi("InvalidSettings");

export const jsonContent = <T extends z.ZodType>(schema: T) => ({
  "application/json": { schema },
});

/** A route's JSON answer of this schema. */
export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: jsonContent(schema),
});

export const errorResponse = (description: string) => jsonResponse(description, errorSchema);

/** A route's JSON body of this schema, which it cannot do without. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: jsonContent(schema),
  required: true as const,
});

/** What every /api/admin route answers a visitor who may not use it (admin-guard.ts). */
export const ADMIN_ONLY_RESPONSES = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an administrator, or no step-up"),
};

/** An /api/admin route's contract: tagged Admin, and answering ADMIN_ONLY_RESPONSES besides its own. */
export function adminRoute<
  P extends string,
  R extends Omit<RouteConfig, "path" | "tags"> & { path: P },
>(route: R) {
  return createRoute({
    tags: ["Admin"],
    ...route,
    responses: { ...route.responses, ...ADMIN_ONLY_RESPONSES },
  });
}

/**
 * A list's search text: trimmed, at most `maxLength` characters. A control
 * character is refused here, with the field's name: PostgreSQL would refuse a NUL.
 */
export function searchTextSchema(name: string, maxLength = 200) {
  return (
    z
      .string()
      .trim()
      // Refinements, not .max(): their words are the answer's, without the query's name.
      .refine((text) => text.length <= maxLength, {
        error: `${name}: at most ${maxLength} characters.`,
      })
      .refine((text) => !hasUnseenControls(text), {
        error: `${name} must not contain control characters.`,
      })
      .optional()
  );
}

/** A user id in the path (every admin route about one customer). */
export const userIdParams = z.object({
  // better-auth's ids are URL-safe random strings.
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, "This is not a user id.")
    .openapi({ param: { name: "id", in: "path" } }),
});

/** A feature router whose invalid requests answer 400 with the first problem in plain words. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const field = issue?.path.join(".");
      // Our own checks speak to the customer; zod's generic ones need the field's name
      // (unless our message for them names it already: "Note: at most 500 characters.").
      const message = !issue
        ? "Invalid request"
        : issue.code === "custom" ||
            !field ||
            issue.message.toLowerCase().startsWith(`${field.toLowerCase()}:`)
          ? issue.message
          : `${field}: ${issue.message}`;
      // The field lets a reader of another language read the form's own text for it.
      return c.json({ error: message, code: "INVALID_INPUT", ...(field && { field }) }, 400);
    },
  });
}

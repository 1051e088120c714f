import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppContext } from "../context";

const siteSettingsSchema = z
  .object({
    supportLinks: z.object({ whatsapp: z.url(), telegram: z.url(), email: z.email() }),
  })
  .openapi("PublicSiteSettings");

const getSiteSettingsRoute = createRoute({
  method: "get",
  path: "/api/site-settings",
  tags: ["Site"],
  summary: "Public site settings shown on every page",
  responses: {
    200: {
      description: "The settings a visitor may see",
      content: { "application/json": { schema: siteSettingsSchema } },
    },
  },
});

export function createSiteRouter({ supportLinks }: AppContext) {
  return new OpenAPIHono().openapi(getSiteSettingsRoute, (c) => c.json({ supportLinks }, 200));
}

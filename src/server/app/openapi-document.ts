import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppContext } from "../platform/api/app-context";
import { AUTH_BASE_PATH, isOpenAuthEndpoint } from "./auth-proxy";

/** Our own routes' document, with better-auth's endpoints merged in under /api/auth. */
export async function buildOpenApiDocument(app: OpenAPIHono, { auth }: AppContext) {
  const own = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "RupeeDesk API", version: "1.0.0" },
  });
  const authDocument = await auth.api.generateOpenAPISchema();
  const authPaths = Object.fromEntries(
    Object.entries(authDocument.paths ?? {})
      .filter(([path]) => isOpenAuthEndpoint(path.replace("{token}", "token")))
      .map(([path, item]) => [`${AUTH_BASE_PATH}${path}`, item]),
  );
  return {
    ...own,
    paths: { ...own.paths, ...authPaths },
    components: {
      ...own.components,
      schemas: { ...own.components?.schemas, ...authDocument.components?.schemas },
      securitySchemes: authDocument.components?.securitySchemes,
    },
  };
}

import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultHeaders, headersSetBy } from "./response-headers";

const app = new Hono()
  .use(
    defaultHeaders({
      everywhere: headersSetBy(secureHeaders({ xFrameOptions: "DENY" })),
      onApi: [["cache-control", "no-store"]],
    }),
  )
  .get("/api/plain", (c) => c.json({ ok: true }))
  .get("/api/own", (c) =>
    c.json({ ok: true }, 200, { "cache-control": "max-age=60", "x-frame-options": "SAMEORIGIN" }),
  )
  .get("/page", (c) => c.text("a page"));

let server: ReturnType<typeof serve>;
let baseUrl = "";
beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info) =>
      resolve(info.port),
    );
  });
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

// Served by Node they go on the Node response; in-process, on the answer.
describe.each([
  ["through the Node server", (path: string) => fetch(`${baseUrl}${path}`)],
  ["in process", (path: string) => app.request(path)],
])("default headers, %s", (_, get) => {
  it("puts the security headers on every answer, and no-store on the API's", async () => {
    const api = await get("/api/plain");
    expect(await api.json()).toEqual({ ok: true });
    expect(api.headers.get("x-frame-options")).toBe("DENY");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(api.headers.get("content-type")).toMatch(/^application\/json/);

    const page = await get("/page");
    expect(await page.text()).toBe("a page");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cache-control")).toBeNull();
  });

  it("leaves a handler's own headers as it set them", async () => {
    const own = await get("/api/own");
    expect(own.headers.get("cache-control")).toBe("max-age=60");
    expect(own.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

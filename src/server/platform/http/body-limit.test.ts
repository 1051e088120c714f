import { request as httpRequest } from "node:http";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitBodySize } from "./body-limit";

const LIMIT = 1024;

describe("the request body limit, through the Node server", () => {
  let bodiesRead = 0;
  let port = 0;
  const app = new Hono()
    .use(limitBodySize(LIMIT, (c) => c.json({ error: "too large" }, 413)))
    .post("/echo", async (c) => {
      bodiesRead += 1;
      return c.json({ length: (await c.req.text()).length });
    });
  let server: ReturnType<typeof serve>;
  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0 }, (info) => resolve(info.port));
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Sends the chunks as one request: with a Content-Length header, or chunked when length is undefined. */
  const send = (chunks: string[], length?: number) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: Record<string, string> = { "content-type": "text/plain" };
      if (length !== undefined) headers["content-length"] = String(length);
      const request = httpRequest({ port, method: "POST", path: "/echo", headers }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      for (const chunk of chunks) request.write(chunk);
      request.end();
    });

  it("passes a body within the limit to the route, declared or chunked", async () => {
    const body = "x".repeat(LIMIT);
    expect(await send([body], LIMIT)).toEqual({ status: 200, body: `{"length":${LIMIT}}` });
    expect(await send([body.slice(0, 10), body.slice(10)])).toEqual({
      status: 200,
      body: `{"length":${LIMIT}}`,
    });
  });

  it("refuses a declared length over the limit without the route reading it", async () => {
    const before = bodiesRead;
    const refused = await send(["x".repeat(LIMIT + 1)], LIMIT + 1);
    expect(refused.status).toBe(413);
    expect(bodiesRead).toBe(before);
  });

  it("refuses a chunked body once it passes the limit", async () => {
    const before = bodiesRead;
    const refused = await send(["x".repeat(LIMIT), "x".repeat(10)]);
    expect(refused.status).toBe(413);
    expect(bodiesRead).toBe(before);
  });
});

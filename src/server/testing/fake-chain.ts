import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** How the stand-in answers one call: the chain's JSON, a body that is not JSON, or no answer at all. */
export type FakeChainAnswer = { json: unknown } | { garbage: string } | { hang: true };

/**
 * A stand-in for a chain node on a local port. A call is a TRON HTTP API path
 * ("/wallet/gettransactionbyid") or a JSON-RPC method ("eth_getTransactionReceipt");
 * `respond` gives the chain's answer, which the stand-in wraps as JSON-RPC when asked so.
 */
export async function startFakeChain(respond: (call: string, params: unknown) => FakeChainAnswer) {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const parsed = JSON.parse(body || "{}") as {
        method?: string;
        params?: unknown;
        id?: unknown;
      };
      const isJsonRpc = typeof parsed.method === "string";
      const answer = isJsonRpc
        ? respond(parsed.method ?? "", parsed.params)
        : respond(request.url ?? "", parsed);
      if ("hang" in answer) return; // leave the request open: the caller's timeout decides
      response.writeHead(200, { "content-type": "application/json" });
      if ("garbage" in answer) {
        response.end(answer.garbage);
        return;
      }
      response.end(
        JSON.stringify(
          isJsonRpc ? { jsonrpc: "2.0", id: parsed.id, result: answer.json } : answer.json,
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { z } from "zod";

/** One token movement found in a transaction, as the chain reports it. */
export type TokenTransfer = {
  /** Token contract or mint, in the form the order's network writes addresses. */
  token: string;
  /** Recipient, in the same form as the order's wallet. */
  to: string;
  /** Amount in the token's smallest unit. */
  baseUnits: bigint;
};

/** What a chain client learned about a transaction hash. */
export type ChainLookup =
  | { found: false }
  | { found: true; succeeded: false }
  | { found: true; succeeded: true; transfers: TokenTransfer[]; confirmed: boolean };

/** The endpoint did not answer in time, or answered something that is not the chain's format. */
export class ChainEndpointError extends Error {
  constructor(
    readonly code: "CHAIN_TIMEOUT" | "CHAIN_BAD_ANSWER" | "CHAIN_UNREACHABLE",
    message: string,
  ) {
    super(message);
  }
}

/** How to reach one network's endpoint. */
export type ChainEndpoint = { url: string; timeoutMs: number; confirmations: number };

/**
 * POSTs JSON to the endpoint and reads the answer with the given schema. Every way
 * the endpoint can fail ends as a ChainEndpointError, never as an unchecked value.
 */
export async function postJson<Schema extends z.ZodType>(
  endpoint: ChainEndpoint,
  path: string,
  body: unknown,
  schema: Schema,
): Promise<z.infer<Schema>> {
  let response: Response;
  try {
    response = await fetch(endpoint.url.replace(/\/$/, "") + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new ChainEndpointError("CHAIN_TIMEOUT", "The chain endpoint did not answer in time.");
    }
    throw new ChainEndpointError("CHAIN_UNREACHABLE", "The chain endpoint could not be reached.");
  }
  let json: unknown;
  try {
    json = response.ok ? await response.json() : undefined;
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") {
      throw new ChainEndpointError("CHAIN_TIMEOUT", "The chain endpoint did not answer in time.");
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint answered ${response.ok ? "something that is not a transaction" : `HTTP ${response.status}`}.`,
    );
  }
  return parsed.data;
}

/** Reads a hex quantity ("0x1a" or plain hex) as a bigint. */
export function hexToBigInt(hex: string): bigint {
  return BigInt(hex.startsWith("0x") ? hex : `0x${hex}`);
}

/** Calls a JSON-RPC 2.0 method (EVM and Solana nodes) and reads its result with the schema. */
export async function callJsonRpc<Schema extends z.ZodType>(
  endpoint: ChainEndpoint,
  method: string,
  params: unknown[],
  result: Schema,
): Promise<z.infer<Schema>> {
  const answer = await postJson(
    endpoint,
    "",
    { jsonrpc: "2.0", id: 1, method, params },
    z.object({ result }),
  );
  // zod cannot name the key of a generic schema's output; the schema above checked it.
  return (answer as { result: z.infer<Schema> }).result;
}

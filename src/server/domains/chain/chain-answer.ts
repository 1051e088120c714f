import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";

/** One token movement found in a transaction, as the chain reports it. */
export type TokenTransfer = {
  /** Token contract or mint, in the form the order's network writes addresses. */
  token: string;
  /** Recipient, in the same form as the order's wallet. */
  to: string;
  /** Amount in the token's smallest unit. */
  baseUnits: bigint;
  /**
   * Its place in the transaction as the payout watcher numbers transfers, so that a
   * check and the watcher name one transfer alike (decision 053): the receipt's log
   * index on EVM, the event's place among the transaction's events on TRON, and on
   * Solana the recipient's place among those of the mint the transaction paid.
   */
  logIndex: number;
};

/** What a chain client learned about a transaction hash. */
export type ChainLookup =
  | { found: false }
  | { found: true; succeeded: false }
  | {
      found: true;
      succeeded: true;
      transfers: TokenTransfer[];
      confirmed: boolean;
      /** What the sender paid for it, in the fee coin's smallest unit; null when the node did not say. */
      fee: bigint | null;
    };

/** The endpoint did not answer in time, or answered something that is not the chain's format. */
export class ChainEndpointError extends Error {
  constructor(
    readonly code: "CHAIN_TIMEOUT" | "CHAIN_BAD_ANSWER" | "CHAIN_UNREACHABLE",
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls the endpoint (a POST with a JSON body, or a GET) and answers its HTTP status
 * and its JSON: undefined when the answer is not 2xx or not JSON. Every way the
 * endpoint can fail to answer ends as a ChainEndpointError.
 */
export async function askEndpoint(
  endpoint: ChainEndpoint,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  let response: Response;
  try {
    response = await fetch(endpoint.url.replace(/\/$/, "") + path, {
      method: body === undefined ? "GET" : "POST",
      headers: { ...endpoint.headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
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
  return { status: response.status, json };
}

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
  const { status, json } = await askEndpoint(endpoint, path, body);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const isOk = status >= 200 && status < 300;
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint answered ${isOk ? "something that is not in the chain's format" : `HTTP ${status}`}.`,
    );
  }
  return parsed.data;
}

/** keccak256("Transfer(address,address,uint256)"), the first topic of an ERC-20 and TRC-20 transfer event. */
export const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/**
 * Reads a token transfer event: topics [Transfer, from, to], each address a 20-byte
 * word left-padded to 32, and the amount as the one 32-byte word of data (hex with or
 * without 0x, as EVM and TRON nodes write it). Any other event is no transfer, also one
 * of the same name in another layout (an NFT's, whose token id is a fourth topic).
 * Returns the sender's and the recipient's 20 bytes in lowercase hex.
 */
export function readTransferEvent(log: {
  topics: string[];
  data?: string;
}): { from: string; to: string; baseUnits: bigint } | undefined {
  const bare = (word: string) => word.replace(/^0x/, "").toLowerCase();
  const [signature, from, to, ...more] = log.topics.map(bare);
  const data = bare(log.data ?? "");
  const isAddressWord = (word: string | undefined) => /^0{24}[0-9a-f]{40}$/.test(word ?? "");
  if (signature !== TRANSFER_TOPIC || more.length > 0) return undefined;
  if (!isAddressWord(from) || !isAddressWord(to) || !/^[0-9a-f]{64}$/.test(data)) return undefined;
  return {
    from: (from as string).slice(24),
    to: (to as string).slice(24),
    baseUnits: BigInt(`0x${data}`),
  };
}

/** Reads a hex quantity ("0x1a" or plain hex) as a bigint. */
export function hexToBigInt(hex: string): bigint {
  return BigInt(hex.startsWith("0x") ? hex : `0x${hex}`);
}

/** Writes base units as an exact decimal string of tokens (1500000n, 6 → "1.5"); no floats. */
export function formatBaseUnits(baseUnits: bigint, decimals: number): string {
  const digits = baseUnits.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A JSON-RPC node's refusal of a call: its error code and message. */
export class JsonRpcError extends ChainEndpointError {
  constructor(
    readonly rpcCode: number,
    readonly rpcMessage: string,
  ) {
    super("CHAIN_BAD_ANSWER", `The chain endpoint refused the call: ${rpcMessage}`);
  }
}

const rpcErrorAnswer = z.object({ error: z.object({ code: z.number(), message: z.string() }) });

/**
 * Calls a JSON-RPC 2.0 method (EVM and Solana nodes) and reads its result with the
 * schema; a refusal ends as a JsonRpcError.
 */
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
    z.union([rpcErrorAnswer, z.object({ result })]),
  );
  if ("error" in answer) throw new JsonRpcError(answer.error.code, answer.error.message);
  // zod cannot name the key of a generic schema's output; the schema above checked it.
  return (answer as { result: z.infer<Schema> }).result;
}

import { z } from "zod";
import type { ChainEndpoint } from "../../platform/config/chain-config";
import { askEndpoint, ChainEndpointError } from "./chain-answer";

/** The most transfers TronGrid lists on one page. */
export const INDEX_PAGE_SIZE = 200;

/** One transfer TronGrid's index lists: a transaction to ask the node about, and its block's time. */
export type TronIndexEntry = { txHash: string; blockTimestamp: bigint };

export type TronIndexPage = {
  entries: TronIndexEntry[];
  /** Where the next page starts; none on the last page. */
  fingerprint?: string;
  /** TronGrid's time of the answer (ms): the chain's time, as near as the index knows it. */
  at: bigint;
};

// The index's own account of a transfer (from, to, value, token) is not read: the node's answer decides.
const indexPage = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      transaction_id: z.string().regex(/^[0-9a-fA-F]{64}$/),
      block_timestamp: z.number().int().nonnegative(),
    }),
  ),
  meta: z.object({
    at: z.number().int().nonnegative(),
    fingerprint: z.string().min(1).optional(),
  }),
});

/**
 * One page of the wallet's transfers of the token in TronGrid's index
 * (`/v1/accounts/{wallet}/transactions/trc20`), oldest first from `fromMs` (a block
 * time, included), unconfirmed ones too. Undefined when the endpoint answers as a
 * plain full node does (404, 405, or not the index's format): it offers no index. A
 * refused API key (401, 403) and any other failure end as a ChainEndpointError.
 */
export async function listTronIndexPage(
  endpoint: ChainEndpoint,
  query: { wallet: string; token: string; fromMs: bigint; fingerprint?: string },
): Promise<TronIndexPage | undefined> {
  const search = new URLSearchParams({
    contract_address: query.token,
    only_confirmed: "false",
    min_timestamp: query.fromMs.toString(),
    order_by: "block_timestamp,asc",
    limit: String(INDEX_PAGE_SIZE),
    ...(query.fingerprint === undefined ? {} : { fingerprint: query.fingerprint }),
  });
  const { status, json } = await askEndpoint(
    endpoint,
    `/v1/accounts/${encodeURIComponent(query.wallet)}/transactions/trc20?${search}`,
  );
  if (status === 401 || status === 403) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The chain endpoint refused the API key (HTTP ${status}): check CHAIN_API_KEY_TRC20.`,
    );
  }
  if (status === 404 || status === 405) return undefined;
  if (status < 200 || status >= 300) {
    throw new ChainEndpointError("CHAIN_BAD_ANSWER", `The chain endpoint answered HTTP ${status}.`);
  }
  const parsed = indexPage.safeParse(json);
  if (!parsed.success) return undefined;
  const { data, meta } = parsed.data;
  return {
    entries: data.map((entry) => ({
      txHash: entry.transaction_id.toLowerCase(),
      blockTimestamp: BigInt(entry.block_timestamp),
    })),
    fingerprint: meta.fingerprint,
    at: BigInt(meta.at),
  };
}

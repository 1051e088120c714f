import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex } from "@scure/base";
import { z } from "zod";
import { type ChainEndpoint, type ChainLookup, hexToBigInt, postJson } from "./chain-answer";

/** The TRC-20 `transfer(address,uint256)` selector. */
const TRANSFER_SELECTOR = "a9059cbb";
const tronBase58check = createBase58check(sha256);

/** A TRON address in hex (41-prefixed, 21 bytes) as its base58 form, as orders store it. */
function tronAddressFromHex(addressHex: string): string {
  return tronBase58check.encode(hex.decode(addressHex.toLowerCase()));
}

const transactionSchema = z.union([
  // An unknown hash: the node answers an empty object.
  z.strictObject({}),
  z.object({
    txID: z.string(),
    ret: z.array(z.object({ contractRet: z.string().optional() })).min(1),
    raw_data: z.object({
      contract: z
        .array(
          z.object({
            type: z.string(),
            parameter: z.object({
              value: z.object({
                contract_address: z
                  .string()
                  .regex(/^41[0-9a-fA-F]{40}$/)
                  .optional(),
                data: z
                  .string()
                  .regex(/^[0-9a-fA-F]*$/)
                  .optional(),
              }),
            }),
          }),
        )
        .min(1),
    }),
  }),
]);
const infoSchema = z.object({ blockNumber: z.number().int().optional() });
const nowBlockSchema = z.object({
  block_header: z.object({ raw_data: z.object({ number: z.number().int() }) }),
});

/** Looks a transaction up on a TRON full node's HTTP API (TRC20). */
export async function lookUpTronTransaction(
  endpoint: ChainEndpoint,
  hash: string,
): Promise<ChainLookup> {
  const transaction = await postJson(
    endpoint,
    "/wallet/gettransactionbyid",
    { value: hash },
    transactionSchema,
  );
  if (!("txID" in transaction)) return { found: false };
  if (transaction.ret[0]?.contractRet !== "SUCCESS") return { found: true, succeeded: false };
  const info = await postJson(
    endpoint,
    "/wallet/gettransactioninfobyid",
    { value: hash },
    infoSchema,
  );
  const now = await postJson(endpoint, "/wallet/getnowblock", {}, nowBlockSchema);
  const confirmations =
    info.blockNumber === undefined ? 0 : now.block_header.raw_data.number - info.blockNumber + 1;
  const transfers = transaction.raw_data.contract.flatMap(({ type, parameter: { value } }) => {
    const data = value.data?.toLowerCase() ?? "";
    // selector + 32-byte recipient (20 address bytes, left-padded) + 32-byte amount
    if (
      type !== "TriggerSmartContract" ||
      !value.contract_address ||
      !data.startsWith(TRANSFER_SELECTOR) ||
      data.length !== 8 + 64 + 64
    ) {
      return [];
    }
    return [
      {
        token: tronAddressFromHex(value.contract_address),
        to: tronAddressFromHex(`41${data.slice(8 + 24, 8 + 64)}`),
        baseUnits: hexToBigInt(data.slice(8 + 64)),
      },
    ];
  });
  return {
    found: true,
    succeeded: true,
    transfers,
    confirmed: confirmations >= endpoint.confirmations,
  };
}

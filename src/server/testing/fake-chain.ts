import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex } from "@scure/base";
import type { ChainFamily } from "../../shared/catalog";
import { Decimal } from "../../shared/money";

/**
 * How the stand-in answers one call: the chain's JSON, a JSON-RPC error, a body that
 * is not JSON, an HTTP error status with its body, no answer at all, or a dropped
 * connection (a node that is down).
 */
export type FakeChainAnswer =
  | { json: unknown }
  | { status: number; body: string }
  | { rpcError: { code: number; message: string } }
  | { garbage: string }
  | { hang: true }
  | { drop: true };

/**
 * A stand-in for a chain node on a local port. A call is a TRON HTTP API path
 * ("/wallet/gettransactionbyid") or a JSON-RPC method ("eth_getTransactionReceipt");
 * `respond` gives the chain's answer, which the stand-in wraps as JSON-RPC when asked so
 * (a promise of it when a real node in the process answers: real-evm-node.ts).
 * A GET's call is its path with its query, its params `{}`.
 */
export async function startFakeChain(
  respond: (
    call: string,
    params: unknown,
    headers: IncomingHttpHeaders,
  ) => FakeChainAnswer | Promise<FakeChainAnswer>,
  { port = 0 }: { port?: number } = {},
) {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", async () => {
      const parsed = JSON.parse(body || "{}") as {
        method?: string;
        params?: unknown;
        id?: unknown;
      };
      const isJsonRpc = typeof parsed.method === "string";
      const answer = await (isJsonRpc
        ? respond(parsed.method ?? "", parsed.params, request.headers)
        : respond(request.url ?? "", parsed, request.headers));
      if ("hang" in answer) return; // leave the request open: the caller's timeout decides
      if ("drop" in answer) {
        request.socket.destroy();
        return;
      }
      if ("status" in answer) {
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(answer.body);
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      if ("garbage" in answer) {
        response.end(answer.garbage);
        return;
      }
      if ("rpcError" in answer) {
        response.end(JSON.stringify({ jsonrpc: "2.0", id: parsed.id, error: answer.rpcError }));
        return;
      }
      response.end(
        JSON.stringify(
          isJsonRpc ? { jsonrpc: "2.0", id: parsed.id, result: answer.json } : answer.json,
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One token event in a stand-in transaction: a Transfer of the token to the address,
 * or (TRON, EVM) an Approval of the same shape, which moves nothing.
 */
export type FakeTokenTransfer = {
  token: string;
  to: string;
  baseUnits: bigint;
  event?: "Transfer" | "Approval";
};

/** A transaction as the stand-in chain holds it. */
export type FakeTransaction = {
  succeeded: boolean;
  /** How many blocks deep it is (1 = in the newest block); Solana finalizes at 32. */
  confirmations: number;
  transfers: FakeTokenTransfer[];
  /**
   * TRON: the contract the transaction called and its call data (hex). Left out, it is
   * a direct payout: the first transfer's token called with transfer(to, amount).
   */
  call?: { contract: string; data: string };
};

const HEAD = 1_000;
/** The SPL Token program, which owns every token account. */
export const SPL_TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const pad32 = (hexText: string) => hexText.padStart(64, "0");
/** A base58 TRON address as the node writes it in hex: 0x41, then its 20 bytes. */
export const tronHex = (address: string) => hex.encode(createBase58check(sha256).decode(address));
const EVENT_TOPICS = {
  // keccak256("Transfer(address,address,uint256)") and keccak256("Approval(address,address,uint256)")
  Transfer: "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
  Approval: "8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925",
};
/** The sender's topic of every stand-in event (a 20-byte address, padded). */
const FROM_TOPIC = pad32("1111111111111111111111111111111111111111");

/** A TRC-20 transfer(to, amount) call's data: the call a direct TRON payout makes. */
export function tronTransferCallData(to: string, baseUnits: bigint): string {
  return `a9059cbb${pad32(tronHex(to).slice(2))}${pad32(baseUnits.toString(16))}`;
}

/** The stand-in's event for one token movement: [event, from, to] and the amount as data. */
function eventOf(transfer: FakeTokenTransfer, toHex: string) {
  return {
    topics: [EVENT_TOPICS[transfer.event ?? "Transfer"], FROM_TOPIC, pad32(toHex)],
    data: pad32(transfer.baseUnits.toString(16)),
  };
}

/**
 * The stand-in's answers for a transaction (null: a hash the chain does not know) in
 * each family's documented format (domain-reference, "Looking up a USDT payout").
 */
export function answerAsChain(
  family: ChainFamily,
  tx: FakeTransaction | null,
): (call: string) => FakeChainAnswer {
  return CHAIN_FORMATS[family](tx);
}

const TX_ID = "ab".repeat(32);
/** What each stand-in transaction cost: 13.84485 TRX; 46,097 gas at 1.5 gwei; 5,000 lamports. */
export const STAND_IN_FEES = { tron: "13.84485", evm: "0.0000691455", solana: "0.000005" };
const TRON_FEE_SUN = 13_844_850;
const EVM_GAS_USED = "0xb411";
const EVM_GAS_PRICE = "0x59682f00";
const SOLANA_FEE_LAMPORTS = 5000;

const CHAIN_FORMATS: Record<
  ChainFamily,
  (tx: FakeTransaction | null) => (call: string) => FakeChainAnswer
> = {
  tron: (tx) => (call) => {
    if (call === "/wallet/getnowblock") {
      return {
        json: { block_header: { raw_data: { number: HEAD, timestamp: 1_764_000_000_000 } } },
      };
    }
    if (!tx) return { json: {} };
    const first = tx.transfers[0];
    const called = tx.call ?? {
      contract: first?.token ?? "",
      data: first ? tronTransferCallData(first.to, first.baseUnits) : "",
    };
    if (call === "/wallet/gettransactioninfobyid") {
      return {
        json: {
          id: TX_ID,
          fee: TRON_FEE_SUN,
          blockNumber: HEAD - tx.confirmations + 1,
          blockTimeStamp: 1_764_000_000_000,
          contractResult: [tx.succeeded ? pad32("1") : ""],
          contract_address: tronHex(called.contract),
          receipt: {
            energy_fee: 13_499_850,
            energy_usage_total: 130_285,
            net_fee: 345_000,
            result: tx.succeeded ? "SUCCESS" : "REVERT",
          },
          // A failed call's events are undone: the node lists none.
          ...(tx.succeeded
            ? {
                log: tx.transfers.map((transfer) => ({
                  // An event names its contract by 20 bytes, without TRON's 0x41.
                  address: tronHex(transfer.token).slice(2),
                  ...eventOf(transfer, tronHex(transfer.to).slice(2)),
                })),
              }
            : { result: "FAILED", resMessage: hex.encode(new TextEncoder().encode("REVERT")) }),
        },
      };
    }
    return {
      json: {
        txID: TX_ID,
        ret: [{ contractRet: tx.succeeded ? "SUCCESS" : "REVERT" }],
        raw_data: {
          contract: [
            {
              type: "TriggerSmartContract",
              parameter: {
                value: {
                  owner_address: `41${"11".repeat(20)}`,
                  contract_address: tronHex(called.contract),
                  data: called.data,
                },
              },
            },
          ],
        },
      },
    };
  },
  evm: (tx) => (call) => {
    if (call === "eth_blockNumber") return { json: `0x${HEAD.toString(16)}` };
    if (!tx) return { json: null };
    return {
      json: {
        status: tx.succeeded ? "0x1" : "0x0",
        blockNumber: `0x${(HEAD - tx.confirmations + 1).toString(16)}`,
        gasUsed: EVM_GAS_USED,
        effectiveGasPrice: EVM_GAS_PRICE,
        logs: tx.transfers.map((transfer, index) => {
          const { topics, data } = eventOf(transfer, transfer.to.slice(2).toLowerCase());
          return {
            address: transfer.token.toLowerCase(),
            topics: topics.map((topic) => `0x${topic}`),
            data: `0x${data}`,
            logIndex: `0x${index.toString(16)}`,
          };
        }),
      },
    };
  },
  solana: (tx) => (call) => {
    if (call === "getSignatureStatuses") {
      const status = tx && tx.confirmations >= 32 ? "finalized" : "confirmed";
      return { json: { value: [{ confirmationStatus: status }] } };
    }
    if (!tx) return { json: null };
    const balances = (rise: (baseUnits: bigint) => bigint) =>
      tx.transfers.map((transfer, index) => ({
        accountIndex: index + 2,
        mint: transfer.token,
        owner: transfer.to,
        uiTokenAmount: { amount: (5n + rise(transfer.baseUnits)).toString() },
      }));
    return {
      json: {
        slot: HEAD - tx.confirmations + 1,
        meta: {
          err: tx.succeeded ? null : { InstructionError: [0, { Custom: 1 }] },
          fee: SOLANA_FEE_LAMPORTS,
          preTokenBalances: balances(() => 0n),
          postTokenBalances: balances((baseUnits) => baseUnits),
        },
      },
    };
  },
};

/** A payout wallet as the stand-in chain holds it: its balances in base units. */
export type FakeWallet = {
  /** The USDT contract or mint, and the decimals the token answers. */
  token: string;
  decimals: number;
  wallet: string;
  usdt: bigint;
  fee: bigint;
};

const word = (value: bigint) => pad32(value.toString(16));

/**
 * The stand-in's answers to the balance calls of each family (TRON
 * triggerconstantcontract and getaccount, EVM eth_call and eth_getBalance,
 * Solana getTokenAccountsByOwner and getBalance), read from `wallet()` at each call.
 */
export function answerBalancesAsChain(
  family: ChainFamily,
  wallet: () => FakeWallet,
): (call: string, params: unknown) => FakeChainAnswer {
  return (call, params) => {
    const held = wallet();
    if (family === "tron") {
      if (call === "/wallet/getaccount") {
        return { json: { address: held.wallet, balance: Number(held.fee), create_time: 1 } };
      }
      const { function_selector } = params as { function_selector?: string };
      const value = function_selector === "decimals()" ? BigInt(held.decimals) : held.usdt;
      return {
        json: {
          result: { result: true },
          energy_used: 935,
          constant_result: [word(value)],
          transaction: { ret: [{}], visible: true, txID: TX_ID },
        },
      };
    }
    if (family === "evm") {
      if (call === "eth_getBalance") return { json: `0x${held.fee.toString(16)}` };
      // A node that serves balances only (the payout watcher asks it for blocks and logs too).
      if (call !== "eth_call")
        return { rpcError: { code: -32601, message: `${call} is not served here` } };
      const [{ data }] = params as [{ data: string }];
      return { json: `0x${word(data === "0x313ce567" ? BigInt(held.decimals) : held.usdt)}` };
    }
    if (call === "getBalance")
      return { json: { context: { slot: HEAD }, value: Number(held.fee) } };
    if (call !== "getTokenAccountsByOwner")
      return { rpcError: { code: -32601, message: `${call} is not served here` } };
    return {
      json: {
        context: { slot: HEAD },
        value: [
          solanaTokenAccount({
            address: "8Ewd4gXxLtSAv3cZ3wGvN1gkXQx8mZQxRbCqxTEjHtCw",
            mint: held.token,
            owner: held.wallet,
            baseUnits: held.usdt,
            decimals: held.decimals,
          }),
        ],
      },
    };
  };
}

/** A token account as getTokenAccountsByOwner answers it (jsonParsed). */
export function solanaTokenAccount(account: {
  address: string;
  mint: string;
  owner: string;
  baseUnits: bigint;
  decimals: number;
}) {
  return {
    pubkey: account.address,
    account: {
      lamports: 2_039_280,
      owner: SPL_TOKEN_PROGRAM,
      executable: false,
      rentEpoch: 0,
      data: {
        program: "spl-token",
        parsed: {
          type: "account",
          info: {
            isNative: false,
            mint: account.mint,
            owner: account.owner,
            state: "initialized",
            tokenAmount: {
              amount: account.baseUnits.toString(),
              decimals: account.decimals,
              uiAmountString: new Decimal(account.baseUnits.toString())
                .div(new Decimal(10).pow(account.decimals))
                .toFixed(),
            },
          },
        },
        space: 165,
      },
    },
  };
}

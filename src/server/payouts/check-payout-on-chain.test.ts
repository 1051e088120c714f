import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check, hex } from "@scure/base";
import { afterEach, describe, expect, it } from "vitest";
import type { NetworkId } from "../../shared/catalog";
import { type FakeChainAnswer, startFakeChain } from "../testing/fake-chain";
import { USDT_TOKENS } from "./chain-tokens";
import { checkPayoutOnChain, type ExpectedPayout } from "./check-payout-on-chain";

/** A transaction as the stand-in chain holds it. */
type FakeTransfer = {
  succeeded: boolean;
  token: string;
  to: string;
  baseUnits: bigint;
  /** How many blocks deep it is (1 = in the newest block). */
  confirmations: number;
};

const HEAD = 1_000;
const pad32 = (hexText: string) => hexText.padStart(64, "0");
const tronHex = (address: string) => hex.encode(createBase58check(sha256).decode(address));

/** Answers in each family's documented format (domain-reference, "Looking up a USDT payout"). */
const chainFormats: Record<
  "tron" | "evm" | "solana",
  (tx: FakeTransfer | null) => (call: string) => FakeChainAnswer
> = {
  tron: (tx) => (call) => {
    if (call === "/wallet/getnowblock") {
      return { json: { block_header: { raw_data: { number: HEAD } } } };
    }
    if (!tx) return { json: {} };
    if (call === "/wallet/gettransactioninfobyid") {
      return { json: { blockNumber: HEAD - tx.confirmations + 1 } };
    }
    const data = `a9059cbb${pad32(tronHex(tx.to).slice(2))}${pad32(tx.baseUnits.toString(16))}`;
    return {
      json: {
        txID: "ab".repeat(32),
        ret: [{ contractRet: tx.succeeded ? "SUCCESS" : "REVERT" }],
        raw_data: {
          contract: [
            {
              type: "TriggerSmartContract",
              parameter: { value: { contract_address: tronHex(tx.token), data } },
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
        logs: [
          {
            address: tx.token.toLowerCase(),
            topics: [
              "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
              `0x${pad32("1111111111111111111111111111111111111111")}`,
              `0x${pad32(tx.to.slice(2).toLowerCase())}`,
            ],
            data: `0x${pad32(tx.baseUnits.toString(16))}`,
          },
        ],
      },
    };
  },
  solana: (tx) => (call) => {
    if (call === "getSignatureStatuses") {
      const status = tx && tx.confirmations >= 32 ? "finalized" : "confirmed";
      return { json: { value: [{ confirmationStatus: status }] } };
    }
    if (!tx) return { json: null };
    const balance = (amount: bigint) => ({
      accountIndex: 2,
      mint: tx.token,
      owner: tx.to,
      uiTokenAmount: { amount: amount.toString() },
    });
    return {
      json: {
        meta: {
          err: tx.succeeded ? null : { InstructionError: [0, { Custom: 1 }] },
          preTokenBalances: [balance(5n)],
          postTokenBalances: [balance(5n + tx.baseUnits)],
        },
      },
    };
  },
};

const cases: {
  network: NetworkId;
  family: "tron" | "evm" | "solana";
  wallet: string;
  other: string;
  otherToken: string;
  hash: string;
}[] = [
  {
    network: "trc20",
    family: "tron",
    wallet: "TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR",
    other: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
    otherToken: "TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR",
    hash: "ab".repeat(32),
  },
  ...(["bep20", "erc20", "polygon"] as const).map((network) => ({
    network,
    family: "evm" as const,
    wallet: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    other: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    otherToken: "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    hash: `0x${"ab".repeat(32)}`,
  })),
  {
    network: "solana",
    family: "solana",
    wallet: "5oNDL3swdJJF1g9DzJiZ4ynHXgszjAEpUkxVYejchzrY",
    other: "4BJXYkfvg37zEmBbsacZjeQDpTNx91KppxFJxRqrz48e",
    otherToken: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
    hash: "2iBvoWnk18wtp8Jd6tp4CPbx5FTCAcGsnM1bjVTnTZmKEKDkTuZYC9wqMzkuJYhFyrt2SvHqZbaycadus8gSj6EZ",
  },
];

let closeChain: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeChain?.();
  closeChain = undefined;
});

describe.each(cases)(
  "payout check on $network",
  ({ network, family, wallet, other, otherToken, hash }) => {
    const { token, decimals } = USDT_TOKENS[network];
    const amount = "125.5";
    const exact = 1255n * 10n ** BigInt(decimals - 1);
    const good: FakeTransfer = {
      succeeded: true,
      token,
      to: wallet,
      baseUnits: exact,
      confirmations: 40,
    };

    // A generous timeout, so a busy machine never turns an answer into CHAIN_TIMEOUT.
    async function check(respond: (call: string) => FakeChainAnswer, timeoutMs = 10_000) {
      const chain = await startFakeChain(respond);
      closeChain = chain.close;
      const expected: ExpectedPayout = { network, hash, wallet, amount, token, decimals };
      return checkPayoutOnChain({ url: chain.url, timeoutMs, confirmations: 20 }, expected);
    }
    const checkTransfer = (tx: FakeTransfer | null) => check(chainFormats[family](tx));

    it("confirms a successful transfer of the exact amount to the order's wallet", async () => {
      expect(await checkTransfer(good)).toEqual({ outcome: "confirmed", transfers: [0] });
    });

    it("awaits confirmations while the transfer is too recent", async () => {
      expect(await checkTransfer({ ...good, confirmations: 2 })).toEqual({
        outcome: "awaiting_confirmations",
      });
    });

    it.each([
      ["a transaction that failed on chain", { ...good, succeeded: false }, "TX_FAILED"],
      ["another token", { ...good, token: otherToken }, "WRONG_TOKEN"],
      ["another recipient", { ...good, to: other }, "WRONG_RECIPIENT"],
      ["one base unit too little", { ...good, baseUnits: exact - 1n }, "WRONG_AMOUNT"],
      ["an unknown hash", null, "TX_UNKNOWN"],
    ])("refuses %s", async (_name, tx, code) => {
      expect(await checkTransfer(tx)).toMatchObject({ outcome: "failed", code });
    });

    it("names a wrong amount with what the wallet received", async () => {
      const result = await checkTransfer({ ...good, baseUnits: exact * 2n });
      expect(result).toMatchObject({ message: "The wallet received 251 USDT, not 125.5." });
    });

    it("reports an endpoint that does not answer in time", async () => {
      expect(await check(() => ({ hang: true }), 200)).toMatchObject({ code: "CHAIN_TIMEOUT" });
    });

    it.each([
      ["text that is not JSON", { garbage: "<html>Bad gateway</html>" }],
      ["JSON of another shape", { json: { unexpected: [1, 2, 3] } }],
    ])("reports an endpoint answering %s", async (_name, answer) => {
      expect(await check(() => answer)).toMatchObject({ code: "CHAIN_BAD_ANSWER" });
    });
  },
);

import { afterEach, describe, expect, it } from "vitest";
import type { ChainFamily, NetworkId } from "../../../shared/catalog";
import { FEE_COINS, USDT_TOKENS } from "../../platform/config/chain-tokens";
import {
  answerAsChain,
  type FakeChainAnswer,
  type FakeTokenTransfer,
  type FakeTransaction,
  STAND_IN_FEES,
  startFakeChain,
  tronTransferCallData,
} from "../../testing/fake-chain";
import { TRON_WALLET } from "../../testing/orders";
import { checkPayoutOnChain, type ExpectedPayout } from "./check-payout-on-chain";

/** A transaction of one transfer, as the stand-in chain holds it. */
type FakeTransfer = FakeTokenTransfer & {
  succeeded: boolean;
  /** How many blocks deep it is (1 = in the newest block). */
  confirmations: number;
};

const oneTransfer =
  (family: ChainFamily) =>
  (tx: FakeTransfer | null): ((call: string) => FakeChainAnswer) =>
    answerAsChain(family, tx && { ...tx, transfers: [tx] });

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

// A generous timeout, so a busy machine never turns an answer into CHAIN_TIMEOUT.
async function checkOnChain(
  respond: (call: string) => FakeChainAnswer,
  expected: ExpectedPayout,
  timeoutMs = 10_000,
) {
  const chain = await startFakeChain(respond);
  closeChain = chain.close;
  return checkPayoutOnChain({ url: chain.url, timeoutMs, confirmations: 20 }, expected);
}

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

    const check = (respond: (call: string) => FakeChainAnswer, timeoutMs?: number) =>
      checkOnChain(respond, { network, hash, wallet, amount, token, decimals }, timeoutMs);
    const checkTransfer = (tx: FakeTransfer | null) => check(oneTransfer(family)(tx));

    it("confirms a successful transfer of the exact amount to the order's wallet, with its fee", async () => {
      expect(await checkTransfer(good)).toEqual({
        outcome: "confirmed",
        transfers: [0],
        fee: { paid: STAND_IN_FEES[family], coin: FEE_COINS[network].symbol },
      });
    });

    it("confirms a payout whose node does not say what it cost, its fee unknown", async () => {
      const withoutFee = (call: string): FakeChainAnswer => {
        const answer = oneTransfer(family)(good)(call);
        if (!("json" in answer) || typeof answer.json !== "object" || answer.json === null) {
          return answer;
        }
        const { effectiveGasPrice: _, fee: __, ...json } = answer.json as Record<string, unknown>;
        const meta = json.meta as Record<string, unknown> | undefined;
        return { json: meta ? { ...json, meta: { ...meta, fee: undefined } } : json };
      };
      const result = await check(withoutFee);
      expect(result).toMatchObject({ outcome: "confirmed", transfers: [0] });
      // TRON leaves `fee` out when nothing was burnt: that is a fee of 0, not an unknown one.
      expect(result).toMatchObject({ fee: family === "tron" ? { paid: "0", coin: "TRX" } : null });
    });

    it("refuses a fee that is not a whole number of the coin's smallest unit", async () => {
      const badFee = (call: string): FakeChainAnswer => {
        const answer = oneTransfer(family)(good)(call);
        if (!("json" in answer) || typeof answer.json !== "object" || answer.json === null) {
          return answer;
        }
        const json = answer.json as Record<string, unknown> & { meta?: Record<string, unknown> };
        if (json.meta) return { json: { ...json, meta: { ...json.meta, fee: -5 } } };
        if ("gasUsed" in json) return { json: { ...json, gasUsed: "lots" } };
        if ("fee" in json) return { json: { ...json, fee: 1.5 } };
        return answer;
      };
      expect(await check(badFee)).toMatchObject({ outcome: "failed", code: "CHAIN_BAD_ANSWER" });
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

/*
 * TRON: the payout is read from the Transfer events of the transaction
 * (gettransactioninfobyid's log), as on EVM networks, never from its call data.
 */
describe("TRON payout check by transfer events", () => {
  const usdt = USDT_TOKENS.trc20.token;
  const expected: ExpectedPayout = {
    network: "trc20",
    hash: "ab".repeat(32),
    wallet: TRON_WALLET,
    amount: "125.5",
    token: usdt,
    decimals: 6,
  };
  const exact = 125_500_000n;
  const other = "TAzNLU555pAZSmv5NiusS4AihvBgpMwbKY";
  /** Contracts of no one's: 0x41 then twenty 0x22, 0x33 or 0x44 bytes. */
  const lookAlikeToken = "TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E";
  const contractWallet = "TEdvoHEatmDKvTh3o9vBRB9Vdtbhn4QFhy";
  const batchContract = "TGCAjMXComunWZEXCT1LPBdcYbDVuyexBv";
  const paid = { token: usdt, to: TRON_WALLET, baseUnits: exact };
  const tx = (transfers: FakeTokenTransfer[], more: Partial<FakeTransaction> = {}) =>
    answerAsChain("tron", { succeeded: true, confirmations: 40, transfers, ...more });

  it.each<[string, (call: string) => FakeChainAnswer, number[]]>([
    ["a direct transfer() of USDT", tx([paid]), [0]],
    [
      // execTransaction(…) of a multisig: its call data names neither the wallet nor USDT.
      "a transfer made by a contract wallet",
      tx([paid], { call: { contract: contractWallet, data: `6a761202${"00".repeat(64)}` } }),
      [0],
    ],
    [
      "its own transfer among a batch contract's",
      tx(
        [
          { token: usdt, to: other, baseUnits: exact },
          paid,
          { token: usdt, to: other, baseUnits: 7_000_000n },
        ],
        { call: { contract: batchContract, data: `1e89d545${"00".repeat(96)}` } },
      ),
      [1],
    ],
  ])("confirms %s", async (_name, respond, transfers) => {
    expect(await checkOnChain(respond, expected)).toMatchObject({
      outcome: "confirmed",
      transfers,
    });
  });

  it.each<[string, (call: string) => FakeChainAnswer, string]>([
    [
      "call data that names the wallet and amount, without an event",
      tx([], { call: { contract: usdt, data: tronTransferCallData(TRON_WALLET, exact) } }),
      "WRONG_TOKEN",
    ],
    [
      "a Transfer event of another contract",
      tx([{ ...paid, token: lookAlikeToken }]),
      "WRONG_TOKEN",
    ],
    ["an Approval, which moves nothing", tx([{ ...paid, event: "Approval" }]), "WRONG_TOKEN"],
    ["USDT to another address", tx([{ ...paid, to: other }]), "WRONG_RECIPIENT"],
    [
      "USDT to another address beside another token's transfer to the wallet",
      tx([
        { token: usdt, to: other, baseUnits: exact },
        { ...paid, token: lookAlikeToken },
      ]),
      "WRONG_RECIPIENT",
    ],
    ["one base unit more", tx([{ ...paid, baseUnits: exact + 1n }]), "WRONG_AMOUNT"],
    ["a transaction that reverted", tx([paid], { succeeded: false }), "TX_FAILED"],
  ])("refuses %s", async (_name, respond, code) => {
    expect(await checkOnChain(respond, expected)).toMatchObject({ outcome: "failed", code });
  });

  it("names the exact amount the wallet received", async () => {
    const result = await checkOnChain(tx([{ ...paid, baseUnits: exact + 1n }]), expected);
    expect(result).toMatchObject({ message: "The wallet received 125.500001 USDT, not 125.5." });
  });

  it.each([
    ["counts the contract the operator configured", lookAlikeToken, { outcome: "confirmed" }],
    ["refuses the usual USDT when another is configured", usdt, { code: "WRONG_TOKEN" }],
  ])("%s", async (_name, eventToken, outcome) => {
    const result = await checkOnChain(tx([{ ...paid, token: eventToken }]), {
      ...expected,
      token: lookAlikeToken,
    });
    expect(result).toMatchObject(outcome);
  });

  it("takes a TRX transfer (no contract ran) for a payout of no USDT, not a failure", async () => {
    const trxTransfer = (call: string): FakeChainAnswer =>
      call === "/wallet/gettransactioninfobyid"
        ? { json: { id: expected.hash, blockNumber: 900, receipt: { net_usage: 268 } } }
        : tx([])(call);
    expect(await checkOnChain(trxTransfer, expected)).toMatchObject({ code: "WRONG_TOKEN" });
  });

  it("refuses an event address in a form the node does not document (base58)", async () => {
    const base58Address = (call: string): FakeChainAnswer => {
      const answer = tx([paid])(call);
      if (call !== "/wallet/gettransactioninfobyid" || !("json" in answer)) return answer;
      const info = answer.json as { log: { address: string }[] };
      return { json: { ...info, log: info.log.map((log) => ({ ...log, address: usdt })) } };
    };
    expect(await checkOnChain(base58Address, expected)).toMatchObject({ code: "CHAIN_BAD_ANSWER" });
  });
});

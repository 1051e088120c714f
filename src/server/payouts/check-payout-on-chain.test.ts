import { afterEach, describe, expect, it } from "vitest";
import type { ChainFamily, NetworkId } from "../../shared/catalog";
import {
  answerAsChain,
  type FakeChainAnswer,
  type FakeTokenTransfer,
  startFakeChain,
} from "../testing/fake-chain";
import { USDT_TOKENS } from "./chain-tokens";
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
    const checkTransfer = (tx: FakeTransfer | null) => check(oneTransfer(family)(tx));

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

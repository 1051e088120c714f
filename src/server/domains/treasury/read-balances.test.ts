import { afterEach, describe, expect, it } from "vitest";
import type { ChainFamily, NetworkId } from "../../../shared/catalog";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import {
  answerBalancesAsChain,
  type FakeChainAnswer,
  type FakeWallet,
  startFakeChain,
} from "../../testing/fake-chain";
import { BalanceRefused, readWalletBalances } from "./read-balances";

/*
 * Every balance call of each network family against a stand-in node on a local
 * port, as the payout check's tests do: the honest answers read as figures, and
 * every way a node can lie or fail ends as a named refusal, never as a figure.
 */

const cases: { network: NetworkId; family: ChainFamily; wallet: string; feeDecimals: number }[] = [
  {
    network: "trc20",
    family: "tron",
    wallet: "TNUC9Qb1rRpS5CbWLmNMxXBjyFoydXjWFR",
    feeDecimals: 6,
  },
  ...(["bep20", "erc20", "polygon"] as const).map((network) => ({
    network,
    family: "evm" as const,
    wallet: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    feeDecimals: 18,
  })),
  {
    network: "solana",
    family: "solana",
    wallet: "5oNDL3swdJJF1g9DzJiZ4ynHXgszjAEpUkxVYejchzrY",
    feeDecimals: 9,
  },
];

let closeChain: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeChain?.();
  closeChain = undefined;
});

/** Which answer a lie replaces: the USDT balance's, or the fee coin's. */
const isUsdtCall = (family: ChainFamily, call: string, params: unknown) =>
  family === "tron"
    ? (params as { function_selector?: string }).function_selector === "balanceOf(address)"
    : family === "evm"
      ? call === "eth_call" && (params as [{ data: string }])[0].data.startsWith("0x70a08231")
      : call === "getTokenAccountsByOwner";

describe.each(cases)("balances on $network", ({ network, family, wallet, feeDecimals }) => {
  const { token, decimals } = USDT_TOKENS[network];
  const chainWallet: FakeWallet = {
    token,
    decimals,
    wallet,
    // 1,234.5 USDT and 2.5 of the fee coin.
    usdt: 12345n * 10n ** BigInt(decimals - 1),
    fee: 25n * 10n ** BigInt(feeDecimals - 1),
  };
  const honest = answerBalancesAsChain(family, () => chainWallet);

  async function read(
    respond: (call: string, params: unknown) => FakeChainAnswer,
    timeoutMs = 10_000,
  ) {
    const chain = await startFakeChain(respond);
    closeChain = chain.close;
    return readWalletBalances(
      network,
      { endpoint: { url: chain.url, timeoutMs, confirmations: 1 }, token, decimals },
      wallet,
    );
  }
  /** The honest node, but one call's answer replaced. */
  const lyingAbout =
    (which: "usdt" | "fee", answer: (honest: FakeChainAnswer) => FakeChainAnswer) =>
    (call: string, params: unknown) => {
      const truth = honest(call, params);
      return isUsdtCall(family, call, params) === (which === "usdt") && !isDecimalsCall(params)
        ? answer(truth)
        : truth;
    };
  const isDecimalsCall = (params: unknown) =>
    (family === "tron" &&
      (params as { function_selector?: string }).function_selector === "decimals()") ||
    (family === "evm" && (params as [{ data?: string }])[0]?.data === "0x313ce567");
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => "read as a figure",
      (error: unknown) => (error instanceof BalanceRefused ? error.code : String(error)),
    );

  it("reads the USDT and the fee coin the node reports, in whole units", async () => {
    expect(await read(honest)).toEqual({ usdt: "1234.5", fee: "2.5" });
  });

  it("asks for the desk's wallet and the configured token", async () => {
    const calls: unknown[] = [];
    await read((call, params) => {
      calls.push(params);
      return honest(call, params);
    });
    const asked = JSON.stringify(calls);
    expect(asked).toContain(family === "evm" ? wallet.slice(2).toLowerCase() : wallet);
    expect(asked).toContain(token);
  });

  it("reads an empty wallet as zero", async () => {
    expect(
      await read(answerBalancesAsChain(family, () => ({ ...chainWallet, usdt: 0n, fee: 0n }))),
    ).toEqual({ usdt: "0", fee: "0" });
  });

  it("refuses a token that answers another number of decimals", async () => {
    const other = answerBalancesAsChain(family, () => ({
      ...chainWallet,
      decimals: decimals === 6 ? 18 : 6,
    }));
    expect(await refusal(read(other))).toBe("WRONG_DECIMALS");
  });

  it("refuses an absurd USDT balance (more than was ever issued)", async () => {
    const absurd = answerBalancesAsChain(family, () => ({
      ...chainWallet,
      usdt: 10n ** BigInt(decimals + 13),
    }));
    expect(await refusal(read(absurd))).toBe("ABSURD_BALANCE");
  });

  it("refuses an absurd fee-coin balance (more than the coin's supply)", async () => {
    const absurd = answerBalancesAsChain(family, () => ({
      ...chainWallet,
      fee: family === "evm" ? 10n ** 40n : 10n ** 19n,
    }));
    // TRON and Solana write it as a JSON number beyond exact integers: refused as such.
    expect(await refusal(read(absurd))).toMatch(/ABSURD_BALANCE|CHAIN_BAD_ANSWER/);
  });

  it("refuses a negative balance", async () => {
    const negative = lyingAbout("fee", (truth) =>
      family === "evm"
        ? { json: "-0x5" }
        : family === "tron"
          ? { json: { ...(truth as { json: object }).json, balance: -5 } }
          : { json: { context: { slot: 1 }, value: -5 } },
    );
    expect(await refusal(read(negative))).toMatch(/ABSURD_BALANCE|CHAIN_BAD_ANSWER/);
  });

  it("refuses a USDT balance that is not a number", async () => {
    const notANumber = lyingAbout("usdt", (truth) => {
      const text = JSON.stringify((truth as { json: unknown }).json);
      return family === "evm"
        ? { json: "0x12.5" }
        : family === "tron"
          ? { json: { result: { result: true }, constant_result: ["12.5"] } }
          : { json: JSON.parse(text.replace(/"amount":"\d+"/, '"amount":"1e21"')) };
    });
    expect(await refusal(read(notANumber))).toBe("CHAIN_BAD_ANSWER");
  });

  it("refuses an answer that is not JSON, and a node that is down", async () => {
    expect(await refusal(read(() => ({ garbage: "<html>busy</html>" })))).toBe("CHAIN_BAD_ANSWER");
    expect(await refusal(read(() => ({ drop: true })))).toBe("CHAIN_UNREACHABLE");
  });

  it("gives up on a node that does not answer in time", async () => {
    expect(await refusal(read(() => ({ hang: true }), 200))).toBe("CHAIN_TIMEOUT");
  });

  if (family === "tron") {
    it("refuses a call the contract reverted", async () => {
      const reverted = lyingAbout("usdt", () => ({
        json: { result: { result: false, code: "CONTRACT_EXE_ERROR" }, constant_result: [""] },
      }));
      expect(await refusal(read(reverted))).toBe("CHAIN_BAD_ANSWER");
    });

    it("refuses another account's answer", async () => {
      const other = lyingAbout("fee", () => ({
        json: { address: "TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY", balance: 5 },
      }));
      expect(await refusal(read(other))).toBe("CHAIN_BAD_ANSWER");
    });
  }

  if (family === "solana") {
    it("refuses a token account of another mint", async () => {
      const other = answerBalancesAsChain(family, () => ({
        ...chainWallet,
        token: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
      }));
      expect(await refusal(read(other))).toBe("WRONG_TOKEN");
    });

    it("adds up the wallet's token accounts, and reads none as zero", async () => {
      const none = (call: string, params: unknown) =>
        call === "getTokenAccountsByOwner"
          ? { json: { context: { slot: 1 }, value: [] } }
          : honest(call, params);
      expect(await read(none)).toEqual({ usdt: "0", fee: "2.5" });
    });
  }
});

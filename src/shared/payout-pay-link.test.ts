import { describe, expect, it } from "vitest";
import { buildPayoutPayLink } from "./payout-pay-link";

const EVM_WALLET = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const SOLANA_WALLET = "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV";

describe("the pay step's wallet links (EIP-681, Solana Pay)", () => {
  it("writes an ERC20 payout as EIP-681's transfer call, in base units on chain 1", () => {
    expect(
      buildPayoutPayLink({
        network: "erc20",
        token: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
        decimals: 6,
        recipient: EVM_WALLET,
        amount: "100.5",
      }),
    ).toBe(
      `ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${EVM_WALLET}&uint256=100500000`,
    );
  });

  it("counts Binance-Peg USDT's 18 decimals on chain 56 and Polygon's 6 on chain 137", () => {
    const bep20 = buildPayoutPayLink({
      network: "bep20",
      token: "0x55d398326f99059fF775485246999027B3197955",
      decimals: 18,
      recipient: EVM_WALLET,
      amount: "0.0001",
    });
    expect(bep20).toBe(
      `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${EVM_WALLET}&uint256=100000000000000`,
    );
    const polygon = buildPayoutPayLink({
      network: "polygon",
      token: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F",
      decimals: 6,
      recipient: EVM_WALLET,
      amount: "1234567.8912",
    });
    expect(polygon).toBe(
      `ethereum:0xc2132D05D31c914a87C6611C10748AEb04B58e8F@137/transfer?address=${EVM_WALLET}&uint256=1234567891200`,
    );
  });

  it("writes a Solana payout as a Solana Pay transfer of the USDT mint, the amount as a plain decimal", () => {
    expect(
      buildPayoutPayLink({
        network: "solana",
        token: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB",
        decimals: 6,
        recipient: SOLANA_WALLET,
        amount: "100.5000",
      }),
    ).toBe(
      `solana:${SOLANA_WALLET}?amount=100.5&spl-token=Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB`,
    );
  });

  it("has no link for TRON, and none for an amount the token cannot carry exactly", () => {
    const tron = {
      network: "trc20" as const,
      token: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      decimals: 6,
      recipient: "TTQTDjRviwg7P4mHfrYLhzqinnDrEsc7R6",
      amount: "100",
    };
    expect(buildPayoutPayLink(tron)).toBeNull();
    const erc20 = { ...tron, network: "erc20" as const, recipient: EVM_WALLET };
    expect(buildPayoutPayLink({ ...erc20, amount: "0.0000001" })).toBeNull();
    expect(buildPayoutPayLink({ ...erc20, amount: "0" })).toBeNull();
    expect(buildPayoutPayLink({ ...erc20, amount: "1e3" })).toBeNull();
  });
});

import { type Address, erc20Abi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUnitsOf } from "../../server/testing/fake-evm-node";
import { type RealEvmNode, startRealEvmNode } from "../../server/testing/real-evm-node";
import { type HsmKeys, openHsm } from "../hsm/pkcs11-keys";
import { newSoftHsmToken } from "../testing/soft-hsm";
import { hsmEvmAccount } from "./hsm-evm-account";

/*
 * The desk's EVM payout key in an HSM (SoftHSM2 through PKCS#11), paying a real ERC-20
 * on a real local node: the key is made in the token, never leaves it, and signs
 * transactions the node accepts as the key's address's.
 */

let node: RealEvmNode;
let token: Address;
let hsm: HsmKeys;
const softHsm = newSoftHsmToken();

beforeAll(async () => {
  hsm = openHsm(softHsm.config);
  node = await startRealEvmNode();
  token = await node.deployDollar("USDT");
});
afterAll(() => hsm?.close());

const balanceOf = (address: Address) =>
  node.chain.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [address],
  });

describe("an EVM payout key in the HSM", () => {
  it("pays USDT on a real node from the key's own address, with signatures the node accepts", async () => {
    const account = hsmEvmAccount(hsm.key("payout-evm", "secp256k1"));
    await node.chain.setBalance({ address: account.address, value: 10n ** 18n });
    await node.fund(token, account.address, baseUnitsOf("1000", 6));
    const customer = (await node.newWallet()).address;

    // Several payouts, each signed by the token and recovered by the node to the key's address.
    for (const amount of ["100.5", "0.000001", "250"]) {
      const receipt = await node.mined(
        node.chain.writeContract({
          account,
          address: token,
          abi: erc20Abi,
          functionName: "transfer",
          args: [customer, baseUnitsOf(amount, 6)],
        }),
      );
      expect(receipt.status).toBe("success");
      expect(receipt.from).toBe(account.address.toLowerCase());
    }
    expect(await balanceOf(customer)).toBe(baseUnitsOf("350.500001", 6));
    expect(await balanceOf(account.address)).toBe(baseUnitsOf("649.499999", 6));
  });

  it("makes the key in the token, where it stays: another PKCS#11 client reads it so", () => {
    hsm.key("kept-in", "secp256k1");
    const listed = softHsm.tool(["--list-objects", "--type", "privkey", "--label", "kept-in"]);
    // Made inside ("local"), never readable or extractable since.
    expect(listed).toMatch(/Access:\s+sensitive, always sensitive, never extractable, local/);
  });

  it("answers the same key, and address, after the HSM is opened again", () => {
    const before = hsmEvmAccount(hsm.key("reopened", "secp256k1")).address;
    hsm.close();
    hsm = openHsm(softHsm.config);
    expect(hsmEvmAccount(hsm.key("reopened", "secp256k1")).address).toBe(before);
  });

  it("refuses a key that could leave the token, and a key of another curve", () => {
    softHsm.tool([
      "--keypairgen",
      "--key-type",
      "EC:secp256k1",
      "--label",
      "taken-out",
      "--extractable",
    ]);
    expect(() => hsm.key("taken-out", "secp256k1")).toThrow(/could leave the token/);
    hsm.key("solana", "ed25519");
    expect(() => hsm.key("solana", "secp256k1")).toThrow(/is not a secp256k1 key/);
  });

  it("signs transactions only: no message or typed data that could approve a spending", async () => {
    const account = hsmEvmAccount(hsm.key("payout-evm", "secp256k1"));
    await expect(account.signMessage({ message: "approve" })).rejects.toThrow(
      /signs transactions only/,
    );
  });
});

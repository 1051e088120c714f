import {
  keccak256,
  type LocalAccount,
  numberToHex,
  serializeTransaction,
  type TransactionSerializable,
  toHex,
} from "viem";
import { publicKeyToAddress, toAccount } from "viem/accounts";
import type { HsmKey } from "../hsm/pkcs11-keys";
import { signDigest } from "../hsm/secp256k1-signature";

/**
 * A viem account whose key is in the HSM: viem builds and serialises the transaction,
 * the token signs its hash. It signs transactions only: a payout key that signed
 * messages or typed data could be made to approve a token's spending elsewhere.
 */
export function hsmEvmAccount(key: HsmKey): LocalAccount {
  const refuse = async (): Promise<never> => {
    throw new Error("the desk's payout key signs transactions only");
  };
  return toAccount({
    address: publicKeyToAddress(toHex(key.publicKey)),
    async signTransaction(transaction, options) {
      const serializer = options?.serializer ?? serializeTransaction;
      const unsigned = await serializer(transaction as TransactionSerializable);
      const { r, s, yParity } = signDigest(key, keccak256(unsigned, "bytes"));
      return serializer(transaction as TransactionSerializable, {
        r: numberToHex(r, { size: 32 }),
        s: numberToHex(s, { size: 32 }),
        yParity,
      });
    },
    signMessage: refuse,
    signTypedData: refuse,
  });
}

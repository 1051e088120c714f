import type { HsmConfig } from "../hsm/pkcs11-keys";

/**
 * The environment `npm run signer` (or `npm start` with the signer beside it) gets on a
 * test's or a benchmark's desk: its database and its SoftHSM2 token, with `chains` (the
 * nodes it pays through: evmChainEnv, or CHAIN_RPC_TRC20).
 */
export function signerEnv(
  desk: { databaseUrl: string; hsm: HsmConfig },
  chains: Record<string, string>,
) {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    // SoftHSM2 finds its tokens through the file a test's newSoftHsmToken() made.
    SOFTHSM2_CONF: process.env.SOFTHSM2_CONF ?? "",
    DATABASE_URL: desk.databaseUrl,
    SIGNER_PKCS11_MODULE: desk.hsm.modulePath,
    SIGNER_TOKEN_LABEL: desk.hsm.tokenLabel,
    SIGNER_PIN: desk.hsm.pin,
    ...chains,
  };
}

/** A local EVM node the signer pays on as ERC20, with its token. */
export function evmChainEnv(node: { chainId: number; nodeUrl: string; token: string }) {
  return {
    SIGNER_CHAIN_ID_ERC20: String(node.chainId),
    CHAIN_RPC_ERC20: node.nodeUrl,
    CHAIN_TOKEN_ERC20: node.token,
  };
}

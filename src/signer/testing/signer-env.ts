import type { HsmConfig } from "../hsm/pkcs11-keys";

/**
 * The environment `npm run signer` (or `npm start` with the signer beside it) gets on a
 * test's or a benchmark's desk: its database, its SoftHSM2 token, and the local node it
 * pays on as ERC20 with its token.
 */
export function signerEnv(desk: {
  databaseUrl: string;
  hsm: HsmConfig;
  chainId: number;
  nodeUrl: string;
  token: string;
}) {
  return {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    // SoftHSM2 finds its tokens through the file a test's newSoftHsmToken() made.
    SOFTHSM2_CONF: process.env.SOFTHSM2_CONF ?? "",
    DATABASE_URL: desk.databaseUrl,
    SIGNER_PKCS11_MODULE: desk.hsm.modulePath,
    SIGNER_TOKEN_LABEL: desk.hsm.tokenLabel,
    SIGNER_PIN: desk.hsm.pin,
    SIGNER_CHAIN_ID_ERC20: String(desk.chainId),
    CHAIN_RPC_ERC20: desk.nodeUrl,
    CHAIN_TOKEN_ERC20: desk.token,
  };
}

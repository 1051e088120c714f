import pkcs11js from "pkcs11js";

/**
 * The desk's signing keys in an HSM, through PKCS#11 (docs/decisions/056): SoftHSM2 in
 * development and tests, a hardware or cloud HSM's own module in production. A key is
 * made inside the token, sensitive and not extractable, so its private half never
 * leaves it; the signer asks the token for signatures and reads only public keys.
 */

/** The curves the desk's chains sign with: secp256k1 (TRON, the EVM chains) and Ed25519 (Solana). */
export type KeyCurve = "secp256k1" | "ed25519";

export type HsmConfig = {
  /** The PKCS#11 module's path (SoftHSM2: /usr/lib/softhsm/libsofthsm2.so). */
  modulePath: string;
  /** The token's label, as initialised. */
  tokenLabel: string;
  /** The token's user PIN. */
  pin: string;
};

/** The curves' DER-encoded object identifiers, as CKA_EC_PARAMS holds them. */
const CURVE_PARAMS: Record<KeyCurve, Buffer> = {
  secp256k1: Buffer.from("06052b8104000a", "hex"), // 1.3.132.0.10
  ed25519: Buffer.from("06032b6570", "hex"), // 1.3.101.112
};

// PKCS#11 3.0's Edwards mechanisms; pkcs11js 2.1 names only the 2.40 ones.
const CKM_EC_EDWARDS_KEY_PAIR_GEN = 0x1055;
const CKM_EDDSA = 0x1057;

const GENERATE = {
  secp256k1: pkcs11js.CKM_EC_KEY_PAIR_GEN,
  ed25519: CKM_EC_EDWARDS_KEY_PAIR_GEN,
} as const;
const SIGN = { secp256k1: pkcs11js.CKM_ECDSA, ed25519: CKM_EDDSA } as const;

/** One key in the token: what it signs with, and its public half. */
export type HsmKey = {
  label: string;
  curve: KeyCurve;
  /** secp256k1: the uncompressed point (65 bytes, 04‖x‖y); Ed25519: the 32-byte key. */
  publicKey: Uint8Array;
  /**
   * The token's signature of `data`: for secp256k1 a 32-byte digest, signed as r‖s
   * (64 bytes, s as the token made it); for Ed25519 the message itself, 64 bytes.
   */
  sign(data: Uint8Array): Uint8Array;
};

export type HsmKeys = {
  /** The key of this label, made in the token on first use. */
  key(label: string, curve: KeyCurve): HsmKey;
  close(): void;
};

/** A CK_BBOOL attribute's value. */
const isTrue = (value: Buffer | undefined) => value?.[0] === 1;

/**
 * CKA_EC_POINT is a DER OCTET STRING around the point; a few modules give the bare
 * point. Answers the point itself.
 */
function unwrapPoint(value: Buffer, curve: KeyCurve): Uint8Array {
  const bare = curve === "secp256k1" ? 65 : 32;
  if (value.length === bare) return new Uint8Array(value);
  if (value[0] !== 0x04 || value[1] !== bare || value.length !== bare + 2) {
    throw new Error(`the HSM answered a ${curve} public key of an unknown shape`);
  }
  return new Uint8Array(value.subarray(2));
}

/**
 * Opens the token of `config.tokenLabel` and logs in. A process opens its HSM once
 * (PKCS#11 initialises a module once per process) and closes it when it ends.
 */
export function openHsm(config: HsmConfig): HsmKeys {
  const module = new pkcs11js.PKCS11();
  module.load(config.modulePath);
  module.C_Initialize();
  try {
    const slot = module
      .C_GetSlotList(true)
      .find((candidate) => module.C_GetTokenInfo(candidate).label.trim() === config.tokenLabel);
    if (!slot) throw new Error(`the HSM has no token labelled ${config.tokenLabel}`);
    const session = module.C_OpenSession(
      slot,
      pkcs11js.CKF_RW_SESSION | pkcs11js.CKF_SERIAL_SESSION,
    );
    module.C_Login(session, pkcs11js.CKU_USER, config.pin);

    const find = (label: string, objectClass: number) => {
      module.C_FindObjectsInit(session, [
        { type: pkcs11js.CKA_CLASS, value: objectClass },
        { type: pkcs11js.CKA_LABEL, value: label },
      ]);
      const found = module.C_FindObjects(session, 2);
      module.C_FindObjectsFinal(session);
      if (found.length > 1) throw new Error(`the HSM holds two keys labelled ${label}`);
      return found[0];
    };

    const generate = (label: string, curve: KeyCurve) =>
      module.C_GenerateKeyPair(
        session,
        { mechanism: GENERATE[curve] },
        [
          { type: pkcs11js.CKA_TOKEN, value: true },
          { type: pkcs11js.CKA_LABEL, value: label },
          { type: pkcs11js.CKA_EC_PARAMS, value: CURVE_PARAMS[curve] },
          { type: pkcs11js.CKA_VERIFY, value: true },
        ],
        [
          { type: pkcs11js.CKA_TOKEN, value: true },
          { type: pkcs11js.CKA_LABEL, value: label },
          { type: pkcs11js.CKA_PRIVATE, value: true },
          { type: pkcs11js.CKA_SIGN, value: true },
          { type: pkcs11js.CKA_SENSITIVE, value: true },
          { type: pkcs11js.CKA_EXTRACTABLE, value: false },
        ],
      );

    const key = (label: string, curve: KeyCurve): HsmKey => {
      let privateKey = find(label, pkcs11js.CKO_PRIVATE_KEY);
      let publicKey = find(label, pkcs11js.CKO_PUBLIC_KEY);
      if (!privateKey || !publicKey) {
        if (privateKey || publicKey) throw new Error(`the HSM holds half of the key ${label}`);
        ({ privateKey, publicKey } = generate(label, curve));
      }
      const [sensitive, extractable] = module.C_GetAttributeValue(session, privateKey, [
        { type: pkcs11js.CKA_SENSITIVE },
        { type: pkcs11js.CKA_EXTRACTABLE },
      ]);
      // A key put in from outside, or made to be taken out, may exist elsewhere too.
      if (!isTrue(sensitive?.value) || isTrue(extractable?.value)) {
        throw new Error(`the HSM's key ${label} could leave the token: make a new one in it`);
      }
      const params = module.C_GetAttributeValue(session, publicKey, [
        { type: pkcs11js.CKA_EC_PARAMS },
        { type: pkcs11js.CKA_EC_POINT },
      ]);
      if (!Buffer.from(params[0]?.value ?? []).equals(CURVE_PARAMS[curve])) {
        throw new Error(`the HSM's key ${label} is not a ${curve} key`);
      }
      const signingKey = privateKey;
      return {
        label,
        curve,
        publicKey: unwrapPoint(params[1]?.value ?? Buffer.alloc(0), curve),
        sign(data) {
          module.C_SignInit(session, { mechanism: SIGN[curve] }, signingKey);
          return new Uint8Array(module.C_Sign(session, Buffer.from(data), Buffer.alloc(64)));
        },
      };
    };

    return {
      key,
      close() {
        module.C_CloseSession(session);
        module.C_Finalize();
      },
    };
  } catch (error) {
    module.C_Finalize();
    throw error;
  }
}

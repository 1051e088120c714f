import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base58 } from "@scure/base";
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from "@solana/kit";
import { type FakeChainAnswer, SPL_TOKEN_PROGRAM } from "../../server/testing/fake-chain";
import { FakeSolanaNode } from "../../server/testing/fake-solana-node";

const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
/** The token program's TransferChecked instruction. */
const TRANSFER_CHECKED = 12;
/** Slots the finalized block height is behind the newest, as the stand-in's finalized transactions are. */
const FINALIZED_BEHIND = 31;
/** A blockhash is valid for 150 blocks after its own. */
const BLOCKHASH_BLOCKS = 150;

const isOnCurve = (bytes: Uint8Array) => {
  try {
    ed25519.Point.fromBytes(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * An owner's associated token account for a mint, derived as the Associated Token
 * program does (the highest bump whose hash is off the curve), written out here
 * apart from @solana-program/token's, which the signer uses.
 */
export function associatedTokenAccount(owner: string, mint: string) {
  const seeds = [owner, SPL_TOKEN_PROGRAM, mint].map((key) => base58.decode(key));
  for (let bump = 255; bump >= 0; bump -= 1) {
    const hash = sha256(
      new Uint8Array([
        ...seeds.flatMap((seed) => [...seed]),
        bump,
        ...base58.decode(ASSOCIATED_TOKEN_PROGRAM),
        ...new TextEncoder().encode("ProgramDerivedAddress"),
      ]),
    );
    if (!isOnCurve(hash)) return base58.encode(hash);
  }
  throw new Error("no bump makes an address off the curve");
}

type CompiledInstruction = {
  programAddressIndex: number;
  accountIndices?: number[];
  data?: Uint8Array;
};

/**
 * A stand-in Solana node that takes payouts as a validator does: its token accounts are
 * the owners' associated ones; it hands out blockhashes (getLatestBlockhash, one a slot,
 * valid 150 blocks) and block heights (one a slot, finalized 31 behind); it takes a
 * transaction (sendTransaction) only signed by its fee payer with Ed25519 over its
 * message, with a blockhash it handed out still valid, once; and puts its USDT
 * transfer in the next slot, failed if the sender lacks the USDT. It answers SOL
 * (getBalance), accounts (getAccountInfo) and USDT (getTokenAccountBalance).
 * `mines` false: what it takes never reaches a block.
 */
export class FakeSolanaPayoutNode extends FakeSolanaNode {
  lamports = new Map<string, bigint>();
  /** USDT given to an owner besides the chain's transactions, in base units. */
  usdtGiven = new Map<string, bigint>();
  /** Token accounts made, by their owners' addresses. */
  readonly opened = new Set<string>();
  mines = true;
  /** Blocks a blockhash it hands out is valid for; a lying node says more than 150. */
  blockhashBlocks = BLOCKHASH_BLOCKS;
  /** Each sendTransaction's signature and what the node answered. */
  sent: { signature: string; answer: string }[] = [];
  readonly #blockhashes = new Map<string, number>();
  readonly #taken = new Set<string>();

  constructor(readonly mint: string) {
    super();
    const plain = this.respond;
    this.respond = (method, params) =>
      this.#payoutCall(method, (params ?? []) as unknown[]) ?? plain(method, params);
  }

  override accountOf(owner: string, mint: string) {
    const held = this.accounts.find((account) => account.owner === owner && account.mint === mint);
    if (held) return held.address;
    const address = associatedTokenAccount(owner, mint);
    this.accounts.push({ address, owner, mint });
    return address;
  }

  /** An owner's USDT: what it was given, and what the transactions that did not fail moved. */
  usdtOf(owner: string) {
    let balance = this.usdtGiven.get(owner) ?? 0n;
    for (const tx of this.transactions) {
      if (tx.failed || tx.slot > this.slot) continue;
      for (const move of tx.moves)
        if (move.owner === owner && move.mint === this.mint) balance += move.change;
    }
    return balance;
  }

  get finalizedHeight() {
    return this.slot - FINALIZED_BEHIND;
  }

  #payoutCall(method: string, args: unknown[]): FakeChainAnswer | undefined {
    const context = { slot: this.slot };
    if (method === "getLatestBlockhash") {
      const blockhash = base58.encode(sha256(new TextEncoder().encode(`blockhash ${this.slot}`)));
      const lastValidBlockHeight = this.slot + this.blockhashBlocks;
      this.#blockhashes.set(blockhash, lastValidBlockHeight);
      return { json: { context, value: { blockhash, lastValidBlockHeight } } };
    }
    if (method === "getBlockHeight") {
      const [{ commitment } = {}] = args as [{ commitment?: string }?];
      return { json: commitment === "finalized" ? this.finalizedHeight : this.slot };
    }
    if (method === "getBalance") {
      return { json: { context, value: Number(this.lamports.get(String(args[0])) ?? 0n) } };
    }
    if (method === "getAccountInfo" || method === "getTokenAccountBalance") {
      const held = this.accounts.find((account) => account.address === args[0]);
      const isOpen = held && (this.opened.has(held.owner) || this.usdtGiven.has(held.owner));
      if (method === "getAccountInfo") {
        return {
          json: {
            context,
            value: isOpen ? { owner: SPL_TOKEN_PROGRAM, lamports: 2_039_280 } : null,
          },
        };
      }
      if (!held || !isOpen)
        return { rpcError: { code: -32602, message: "Invalid param: could not find account" } };
      return {
        json: { context, value: { amount: this.usdtOf(held.owner).toString(), decimals: 6 } },
      };
    }
    if (method === "sendTransaction") return this.#take(String(args[0]));
    return undefined;
  }

  /** A validator's answer to a signed transaction: its signature, or why it is refused. */
  #take(wire: string): FakeChainAnswer {
    const transaction = getTransactionDecoder().decode(Buffer.from(wire, "base64"));
    const message = getCompiledTransactionMessageDecoder().decode(
      transaction.messageBytes,
    ) as unknown as {
      staticAccounts: string[];
      lifetimeToken: string;
      instructions: CompiledInstruction[];
    };
    const [payer] = message.staticAccounts;
    const signature = payer
      ? transaction.signatures[payer as keyof typeof transaction.signatures]
      : null;
    const refuse = (message: string) => {
      this.sent.push({ signature: signature ? base58.encode(signature) : "", answer: message });
      return { rpcError: { code: -32002, message } };
    };
    if (!payer || !signature) return refuse("Transaction did not pass signature verification");
    if (
      !ed25519.verify(signature, new Uint8Array(transaction.messageBytes), base58.decode(payer))
    ) {
      return refuse("Transaction did not pass signature verification");
    }
    const id = base58.encode(signature);
    const lastValid = this.#blockhashes.get(message.lifetimeToken);
    if (lastValid === undefined || lastValid < this.slot) {
      return refuse("Transaction simulation failed: Blockhash not found");
    }
    if (this.#taken.has(id))
      return refuse("Transaction simulation failed: This transaction has already been processed");
    this.#taken.add(id);
    this.sent.push({ signature: id, answer: "taken" });
    if (this.mines) this.#mine(id, payer, message);
    return { json: id };
  }

  /** The transaction's accounts made and its TransferChecked, in the next slot. */
  #mine(
    signature: string,
    payer: string,
    message: { staticAccounts: string[]; instructions: CompiledInstruction[] },
  ) {
    const keyAt = (index: number | undefined) => message.staticAccounts[index ?? -1] ?? "";
    let transfer: { to: string; baseUnits: bigint } | undefined;
    for (const instruction of message.instructions) {
      const program = keyAt(instruction.programAddressIndex);
      const accounts = (instruction.accountIndices ?? []).map(keyAt);
      if (program === ASSOCIATED_TOKEN_PROGRAM) {
        // payer, account, owner, mint, system program, token program.
        const [, , owner = "", mint = ""] = accounts;
        this.accountOf(owner, mint);
        this.opened.add(owner);
      }
      const data = instruction.data ?? new Uint8Array();
      if (program === SPL_TOKEN_PROGRAM && data[0] === TRANSFER_CHECKED) {
        const destination = this.accounts.find((account) => account.address === accounts[2]);
        const baseUnits = Buffer.from(data.subarray(1, 9)).readBigUInt64LE();
        transfer = { to: destination?.owner ?? accounts[2] ?? "", baseUnits };
      }
    }
    this.lamports.set(payer, (this.lamports.get(payer) ?? 0n) - 5_000n);
    if (!transfer) return;
    const { to, baseUnits } = transfer;
    const failed = this.usdtOf(payer) < baseUnits;
    this.slot += 1;
    this.transact({
      signature,
      failed,
      moves: [
        { owner: payer, mint: this.mint, change: -baseUnits },
        { owner: to, mint: this.mint, change: baseUnits },
      ],
    });
  }
}

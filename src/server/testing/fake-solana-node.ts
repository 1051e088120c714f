import { generateKeyPairSync, randomBytes } from "node:crypto";
import { base58 } from "@scure/base";
import { type FakeChainAnswer, SPL_TOKEN_PROGRAM, solanaTokenAccount } from "./fake-chain";

/** A Solana wallet address no other test uses: an ed25519 public key, as payout wallets must be. */
export function freshSolanaAddress() {
  const { x } = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
  return base58.encode(Buffer.from(x ?? "", "base64url"));
}
const freshSignature = () => base58.encode(randomBytes(64));

/**
 * One token account's change of balance in a transaction; `newOwner`: the account is
 * handed to another owner in it (its owner after the transaction).
 */
export type FakeSolanaMove = { owner: string; mint: string; change: bigint; newOwner?: string };

/** A transaction the stand-in chain holds, in a slot of its own numbering. */
export type FakeSolanaTransaction = {
  signature: string;
  slot: number;
  moves: FakeSolanaMove[];
  /** A failed transaction moves nothing; a lying node may still say it did. */
  failed?: boolean;
  /** Its block's time in seconds: when it was put on the chain, unless a test says. */
  blockTime: number;
};

/** Slots a transaction's must be behind the newest before the node calls it finalized. */
const FINALIZED_DEPTH = 32;
/** Every token account's balance before the stand-in's transactions. */
const OPENING_BALANCE = 10n ** 15n;

/**
 * A stand-in Solana node (JSON-RPC) over a chain of slots with SPL token transfers:
 * getSlot, getTokenAccountsByOwner, getSignaturesForAddress (newest first, `limit`,
 * `before`, `until`), getTransaction with pre and post token balances, and
 * getSignatureStatuses. A transaction 32 slots deep is finalized. Tests move the slot,
 * send transfers, hand a token account to another owner (a move's `newOwner`), drop a
 * transaction that was only confirmed (`abandon`), or make the node lie (`lendsAccountOf`: it lists another owner's token accounts as the asked
 * wallet's, its owner written as the wallet).
 */
export class FakeSolanaNode {
  slot = 1_000;
  transactions: FakeSolanaTransaction[] = [];
  /** The token accounts, one per owner and mint, opened by the first transfer. */
  accounts: { address: string; owner: string; mint: string }[] = [];
  lendsAccountOf: string | undefined;
  /** Token accounts handed to another owner by a transaction: the address, its owner now. */
  handedOver = new Map<string, string>();
  /** Every call, in order, with its parameters. */
  calls: { method: string; params: unknown[] }[] = [];

  /** Puts a transaction in a slot (the newest by default); answers its signature. */
  transact(
    transaction: Omit<FakeSolanaTransaction, "signature" | "slot" | "blockTime"> &
      Partial<FakeSolanaTransaction>,
  ) {
    const signature = transaction.signature ?? freshSignature();
    for (const move of transaction.moves) {
      const account = this.accountOf(move.owner, move.mint);
      if (move.newOwner) this.handedOver.set(account, move.newOwner);
    }
    this.transactions.push({
      slot: this.slot,
      blockTime: Math.floor(Date.now() / 1000),
      ...transaction,
      signature,
    });
    return signature;
  }

  /** One owner's tokens to another's, as a wallet app sends them. */
  send(transfer: {
    mint: string;
    from: string;
    to: string;
    baseUnits: bigint;
    slot?: number;
    failed?: boolean;
  }) {
    const { mint, from, to, baseUnits, ...rest } = transfer;
    return this.transact({
      ...rest,
      moves: [
        { owner: from, mint, change: -baseUnits },
        { owner: to, mint, change: baseUnits },
      ],
    });
  }

  /** The fork that held a confirmed transaction is abandoned: the chain never had it. */
  abandon(signature: string) {
    this.transactions = this.transactions.filter((tx) => tx.signature !== signature);
  }

  accountOf(owner: string, mint: string) {
    const held = this.accounts.find((account) => account.owner === owner && account.mint === mint);
    if (held) return held.address;
    const address = freshSolanaAddress();
    this.accounts.push({ address, owner, mint });
    return address;
  }

  respond = (method: string, params: unknown): FakeChainAnswer => {
    const args = (params ?? []) as unknown[];
    this.calls.push({ method, params: args });
    if (method === "getSlot") return { json: this.slot };
    if (method === "getTokenAccountsByOwner") {
      const [owner, { mint }] = args as [string, { mint: string }];
      const lent = this.accounts.filter((account) => account.owner === this.lendsAccountOf);
      const owned = this.accounts.filter(
        (account) =>
          (this.handedOver.get(account.address) ?? account.owner) === owner &&
          account.mint === mint,
      );
      return {
        json: {
          context: { slot: this.slot },
          value: [...owned, ...lent].map((account) =>
            solanaTokenAccount({ ...account, owner, baseUnits: OPENING_BALANCE, decimals: 6 }),
          ),
        },
      };
    }
    if (method === "getSignaturesForAddress") {
      const [address, { limit = 1000, before, until }] = args as [
        string,
        { limit?: number; before?: string; until?: string },
      ];
      const newestFirst = this.transactions
        .map((tx, order) => ({ tx, order }))
        .filter(({ tx }) =>
          tx.moves.some((move) => this.accountOf(move.owner, move.mint) === address),
        )
        .sort((a, b) => b.tx.slot - a.tx.slot || b.order - a.order)
        .map(({ tx }) => tx);
      const start = before ? newestFirst.findIndex((tx) => tx.signature === before) + 1 : 0;
      const end = until ? newestFirst.findIndex((tx) => tx.signature === until) : -1;
      const page = newestFirst.slice(start, end === -1 ? undefined : end).slice(0, limit);
      return {
        json: page.map((tx) => ({
          signature: tx.signature,
          slot: tx.slot,
          err: tx.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
          memo: null,
          blockTime: tx.blockTime,
          confirmationStatus: this.#status(tx),
        })),
      };
    }
    if (method === "getTransaction") {
      const [signature, options] = args as [
        string,
        { maxSupportedTransactionVersion?: number; commitment?: string } | undefined,
      ];
      if (options?.maxSupportedTransactionVersion !== 0) {
        return {
          rpcError: {
            code: -32015,
            message: "Transaction version (0) is not supported by the requesting client.",
          },
        };
      }
      const tx = this.transactions.find((held) => held.signature === signature);
      // A node's default commitment, "finalized", knows no newer transaction.
      const isKnown =
        tx && (options.commitment === "confirmed" || this.#status(tx) === "finalized");
      return { json: isKnown ? this.#transactionOf(tx) : null };
    }
    if (method === "getSignatureStatuses") {
      const [signatures] = args as [string[]];
      return {
        json: {
          context: { slot: this.slot },
          value: signatures.map((signature) => {
            const tx = this.transactions.find((held) => held.signature === signature);
            return tx ? { slot: tx.slot, confirmationStatus: this.#status(tx) } : null;
          }),
        },
      };
    }
    return { rpcError: { code: -32601, message: "Method not found" } };
  };

  #status(tx: FakeSolanaTransaction) {
    return this.slot - tx.slot + 1 >= FINALIZED_DEPTH ? "finalized" : "confirmed";
  }

  #transactionOf(tx: FakeSolanaTransaction) {
    const balances = (after: boolean) =>
      tx.moves.map((move, index) => ({
        // Index 0 is the fee payer; the token accounts follow.
        accountIndex: index + 1,
        mint: move.mint,
        owner: after ? (move.newOwner ?? move.owner) : move.owner,
        programId: SPL_TOKEN_PROGRAM,
        uiTokenAmount: {
          amount: (OPENING_BALANCE + (after && !tx.failed ? move.change : 0n)).toString(),
          decimals: 6,
        },
      }));
    return {
      slot: tx.slot,
      blockTime: tx.blockTime,
      version: 0,
      meta: {
        err: tx.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
        fee: 5000,
        preTokenBalances: balances(false),
        postTokenBalances: balances(true),
      },
      transaction: {
        signatures: [tx.signature],
        message: {
          accountKeys: [
            { pubkey: tx.moves[0]?.owner, signer: true, writable: true, source: "transaction" },
            ...tx.moves.map((move) => ({
              pubkey: this.accountOf(move.owner, move.mint),
              signer: false,
              writable: true,
              source: "transaction",
            })),
          ],
        },
      },
    };
  }
}

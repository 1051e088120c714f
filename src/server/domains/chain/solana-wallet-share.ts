import type { SolanaTransaction } from "./solana-client";

/** What one transaction moved into or out of a wallet, in the mint's base units. */
export type WalletShare = {
  direction: "in" | "out";
  /** Each other owner's part: who sent (in) or received (out) what. */
  parts: { counterparty: string; baseUnits: bigint }[];
  /** Why the balances do not add up for the wallet: then one part, for an operator to decide. */
  unreadable?: string;
};

type Balance = SolanaTransaction["meta"]["preTokenBalances"][number];

const NEVER_BY_ITSELF = "Never matched by itself: an operator decides.";

/**
 * The wallet's share of a transaction, read from the mint's pre and post token balances
 * (docs/decisions/048). The amount is the wallet's own accounts' change (post less pre),
 * never what the other side moved: one transaction may pay the desk a millionth out of a
 * thousand sent, the rest to someone else. The other side is each owner whose balance
 * moved the other way; their parts are their own moves when these add up to the
 * wallet's change, the wallet's change when one owner alone is that side (an exchange's
 * batched withdrawal, a payout beside others). Anything else (no one on the other side,
 * several owners and others besides, a token account changing owner, or closed holding
 * tokens) is unreadable: one part of the wallet's change, with why. Undefined when the
 * wallet's balance did not change.
 */
export function walletShare(
  transaction: SolanaTransaction,
  mint: string,
  wallet: string,
): WalletShare | undefined {
  const { preTokenBalances, postTokenBalances } = transaction.meta;
  const accounts = new Map<number, { pre?: Balance; post?: Balance }>();
  for (const pre of preTokenBalances) accounts.set(pre.accountIndex, { pre });
  for (const post of postTokenBalances) {
    accounts.set(post.accountIndex, { ...accounts.get(post.accountIndex), post });
  }

  // Each owner's change, in the transaction's order of accounts.
  const changes = new Map<string, bigint>();
  const add = (balance: Balance | undefined, sign: bigint) => {
    if (balance?.mint !== mint || balance.owner === undefined) return;
    const units = BigInt(balance.uiTokenAmount.amount);
    changes.set(balance.owner, (changes.get(balance.owner) ?? 0n) + sign * units);
  };
  let unreadable: string | undefined;
  for (const [, { pre, post }] of [...accounts].sort(([a], [b]) => a - b)) {
    if (pre?.mint !== mint && post?.mint !== mint) continue;
    const isWallets = pre?.owner === wallet || post?.owner === wallet;
    if (isWallets && pre && post && (pre.owner !== post.owner || pre.mint !== post.mint)) {
      unreadable ??= `A token account changed owner in this transaction (handed to or from the desk's wallet): not a transfer the desk can read. ${NEVER_BY_ITSELF}`;
    }
    if (isWallets && pre && !post && BigInt(pre.uiTokenAmount.amount) > 0n) {
      unreadable ??= `A token account of the desk's wallet is closed in this transaction holding USDT, which the chain does not allow: its balances cannot be read. ${NEVER_BY_ITSELF}`;
    }
    add(pre, -1n);
    add(post, 1n);
  }

  const net = changes.get(wallet) ?? 0n;
  if (net === 0n) return undefined;
  const direction = net > 0n ? "in" : "out";
  const amount = net > 0n ? net : -net;
  const otherSide = [...changes].flatMap(([owner, change]) =>
    owner !== wallet && (direction === "in" ? change < 0n : change > 0n)
      ? [{ counterparty: owner, baseUnits: change < 0n ? -change : change }]
      : [],
  );
  const total = otherSide.reduce((sum, part) => sum + part.baseUnits, 0n);
  const [only] = otherSide;
  if (!unreadable && total === amount) return { direction, parts: otherSide };
  if (!unreadable && otherSide.length === 1 && only && total > amount) {
    return { direction, parts: [{ counterparty: only.counterparty, baseUnits: amount }] };
  }
  const words = WORDS[direction];
  const largest = otherSide.reduce<(typeof otherSide)[number] | undefined>(
    (best, part) => (best && best.baseUnits >= part.baseUnits ? best : part),
    undefined,
  );
  return {
    direction,
    parts: [{ counterparty: largest?.counterparty ?? wallet, baseUnits: amount }],
    unreadable:
      unreadable ??
      (otherSide.length === 0
        ? `The desk's wallet ${words.moved} USDT that no one ${words.otherSide} in this transaction: its balances do not add up. ${NEVER_BY_ITSELF}`
        : total < amount
          ? `The desk's wallet ${words.moved} more USDT than the wallets that ${words.otherSide} any ${words.otherMoved}: its balances do not add up. ${NEVER_BY_ITSELF}`
          : `Several wallets ${words.otherSide} USDT in this transaction, and others ${words.besides}: which of them ${words.which} cannot be told. ${NEVER_BY_ITSELF}`),
  };
}

/** How the notes speak of each direction. */
const WORDS = {
  in: {
    moved: "gained",
    otherSide: "sent",
    otherMoved: "lost",
    besides: "received some too",
    which: "sent the desk's share",
  },
  out: {
    moved: "lost",
    otherSide: "received",
    otherMoved: "gained",
    besides: "sent some too",
    which: "the desk paid",
  },
} as const;

import { sql } from "kysely";
import { holdRule } from "./order-rule";

/**
 * A wallet another customer used. The wallet's first customer, and whether another
 * used it since, are written only when that changes (a new wallet, or a second
 * customer): the upsert then waits for a concurrent query's claim on the
 * wallet and sees it, so two customers using one new wallet at once are both held,
 * or the later one is. Wallets are claimed in one order.
 */
export const sharedWalletHold = holdRule({
  rule: "shared_wallet",
  settings: ["hold_shared_wallet"],
  ctes: sql`wallet_known AS (
      SELECT inserted.id, input.wallet_key, inserted.user_id, known.first_user_id, known.shared
      FROM inserted JOIN input ON input.id = inserted.id
        LEFT JOIN LATERAL (
          SELECT wallet.first_user_id, wallet.shared FROM wallet_users AS wallet
          WHERE wallet.wallet_key = input.wallet_key
          LIMIT 1
        ) AS known ON true
    ),
    wallet_use AS (
      INSERT INTO wallet_users AS wallet (wallet_key, first_user_id, shared)
      SELECT wallet_key, min(user_id), count(DISTINCT user_id) > 1 FROM wallet_known
      WHERE first_user_id IS NULL OR (first_user_id <> user_id AND NOT shared)
      GROUP BY wallet_key ORDER BY wallet_key
      ON CONFLICT (wallet_key) DO UPDATE SET
        shared = wallet.shared OR excluded.shared OR wallet.first_user_id <> excluded.first_user_id
      RETURNING wallet_key, first_user_id, shared
    ),`,
  lookup: sql`JOIN wallet_known ON wallet_known.id = inserted.id
    LEFT JOIN wallet_use ON wallet_use.wallet_key = input.wallet_key`,
  holds: sql<boolean>`settings.hold_shared_wallet AND coalesce(
      wallet_use.shared OR wallet_use.first_user_id <> inserted.user_id,
      wallet_known.shared OR wallet_known.first_user_id <> inserted.user_id,
      false)`,
  reason: sql<string>`'a wallet another customer used'`,
});

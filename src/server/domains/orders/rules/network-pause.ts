import { sql } from "kysely";
import type { NetworkId } from "../../../../shared/catalog";
import { trustedUsdtOnHand } from "../../treasury/on-hand";
import { networkPaused } from "../../treasury/reserve-network-usdt";
import { batchRefusalRule } from "./order-rule";

/**
 * The treasury's pause (docs/decisions/037): while a network's pause is on, an
 * order is refused if the network's owed (the fold's running total, a keyed row),
 * with this order and the query's earlier ones on it, would pass its wallet's
 * USDT as last read (none when a read failed since). Never once the customer may
 * have paid: an order whose offer was shown for this network passed the same rule
 * then; an admin's order records a payment.
 */
export const networkPauseRule = batchRefusalRule({
  name: "network_pause",
  settings: [],
  refused: sql<{ id: string }>`SELECT id FROM (
      SELECT checked.id, checked.is_admin,
        checked.offered_network IS NOT DISTINCT FROM checked.network AS vouched,
        network.pause_when_short AND network.wallet_address IS NOT NULL
          AND network.owed_usdt + sum(checked.receive_amount)
            OVER (PARTITION BY checked.network ORDER BY checked.id)
          > ${trustedUsdtOnHand("network")} AS short
      FROM checked JOIN treasury_networks AS network ON network.network = checked.network
    ) AS judged
    WHERE short AND NOT is_admin AND NOT vouched`,
  // Only an order with a network is refused by it.
  refusal: ({ order }) => networkPaused(order.network as NetworkId),
});

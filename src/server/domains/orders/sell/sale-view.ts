import { z } from "@hono/zod-openapi";
import type { Selectable } from "kysely";
import { explorerTxUrl, type NetworkId } from "../../../../shared/catalog";
import { plainDecimal } from "../../../../shared/money";
import type {
  PayoutDestinationsTable,
  SaleEventsTable,
  SalesTable,
} from "../../../platform/db/schema";

export type SaleRow = Selectable<SalesTable>;
type DestinationRow = Selectable<PayoutDestinationsTable>;

const sellStatusSchema = z.enum(["awaiting_deposit", "received", "paid", "expired", "cancelled"]);

/** How the API answers with a sale, to its customer (and, within more, to operators). */
export const saleSchema = z
  .object({
    id: z.uuid(),
    shortId: z.string(),
    network: z.string(),
    requestedUsdt: z.string(),
    depositUsdt: z
      .string()
      .describe("Send exactly this: the request plus the cents that make it unique"),
    buyRate: z.string(),
    inrAmount: z
      .string()
      .describe("The rupees the desk pays for depositUsdt, to the paisa, before any tax"),
    tds: z
      .object({
        section: z.literal("194S"),
        ratePercent: z.string(),
        inr: z.string().describe("inrAmount × ratePercent, rounded to the rupee"),
        withoutPan: z
          .boolean()
          .describe("Taxed at the higher rate: the seller had no verified PAN"),
      })
      .nullable()
      .describe("Tax deducted at source, decided at placement; null when none is deducted"),
    payoutInr: z.string().describe("What reaches the seller's account: inrAmount less the TDS"),
    depositAddress: z.string(),
    status: sellStatusSchema,
    expiresAt: z.string(),
    depositTxHash: z.string().nullable(),
    depositExplorerUrl: z.string().nullable(),
    receivedAt: z.string().nullable(),
    paidUtr: z.string().nullable(),
    paidAt: z.string().nullable(),
    isHeld: z.boolean().describe("An operator looks at it before the rupees are paid"),
    destination: z.object({
      kind: z.enum(["upi", "bank"]),
      holderName: z.string(),
      upiId: z.string().nullable(),
      accountNumber: z.string().nullable(),
      ifscCode: z.string().nullable(),
    }),
    createdAt: z.string(),
  })
  .openapi("SellOrder");

export const saleEventSchema = z
  .object({
    actorRole: z.enum(["customer", "admin", "system"]),
    fromStatus: sellStatusSchema.nullable(),
    toStatus: sellStatusSchema,
    note: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("SellOrderEvent");

export type SaleView = z.infer<typeof saleSchema>;

const iso = (date: Date | null) => (date === null ? null : new Date(date).toISOString());

export function toSaleView(
  sale: SaleRow,
  destination: Pick<
    DestinationRow,
    "kind" | "holder_name" | "upi_id" | "account_number" | "ifsc_code"
  >,
  isHeld: boolean,
): SaleView {
  const network = sale.network as NetworkId;
  return {
    id: sale.id,
    shortId: sale.id.slice(0, 8),
    network,
    requestedUsdt: sale.requested_usdt,
    depositUsdt: sale.deposit_usdt,
    buyRate: plainDecimal(sale.buy_rate),
    inrAmount: sale.inr_amount,
    tds:
      sale.tds_rate_percent === null
        ? null
        : {
            section: "194S",
            ratePercent: plainDecimal(sale.tds_rate_percent),
            inr: sale.tds_inr,
            withoutPan: sale.seller_pan === null,
          },
    payoutInr: sale.payout_inr,
    depositAddress: sale.deposit_address,
    status: sale.status,
    expiresAt: new Date(sale.expires_at).toISOString(),
    depositTxHash: sale.deposit_tx_hash,
    depositExplorerUrl: sale.deposit_tx_hash ? explorerTxUrl(network, sale.deposit_tx_hash) : null,
    receivedAt: iso(sale.received_at),
    paidUtr: sale.paid_utr,
    paidAt: iso(sale.paid_at),
    isHeld,
    destination: {
      kind: destination.kind,
      holderName: destination.holder_name,
      upiId: destination.upi_id,
      accountNumber: destination.account_number,
      ifscCode: destination.ifsc_code,
    },
    createdAt: new Date(sale.created_at).toISOString(),
  };
}

export function toSaleEventView(event: Selectable<SaleEventsTable>) {
  return {
    actorRole: event.actor_role,
    fromStatus: event.from_status,
    toStatus: event.to_status,
    note: event.note,
    createdAt: new Date(event.created_at).toISOString(),
  };
}

/**
 * An event as its customer sees it: an operator's note (a cancel's reason, why a sale
 * was paid early or released from hold) is the desk's, kept in the audit log, and may
 * name a risk rule or a report; the system's notes stay.
 */
export function toCustomerSaleEventView(event: Selectable<SaleEventsTable>) {
  const view = toSaleEventView(event);
  return event.actor_role === "admin" ? { ...view, note: null } : view;
}

import type { Selectable } from "kysely";
import type { SalesTable } from "../../../platform/db/schema";

/** A sale as its placement query judges it: what a sale's refusal may name. */
export interface SaleDraft
  extends Pick<Selectable<SalesTable>, "network" | "requested_usdt" | "inr_amount"> {
  /** The customer's identity is verified: the higher sale limits apply. */
  isVerified: boolean;
  /** The name the customer's payout accounts must be in: their verified name, else the one they gave. */
  customerName: string;
}

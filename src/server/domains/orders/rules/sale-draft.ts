import type { Selectable } from "kysely";
import type { SellOrdersTable } from "../../../platform/db/schema";

/** A sale as its placement statement judges it: what a sale's refusal may name. */
export interface SaleDraft extends Pick<Selectable<SellOrdersTable>, "network" | "inr_amount"> {
  /** The customer's identity is verified: the higher sale limits apply. */
  isVerified: boolean;
}

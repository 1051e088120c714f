import { z } from "zod";
import { NETWORKS, RECEIVE_OPTIONS, SEND_OPTIONS } from "./catalog";

/*
 * The catalog's ids as zod enums, for the schemas that validate input. Kept apart
 * from catalog.ts so the exchange screen can use the catalog without loading zod.
 */

type Ids<T extends readonly { id: string }[]> = [T[number]["id"], ...T[number]["id"][]];
function idsOf<const T extends readonly [{ id: string }, ...{ id: string }[]]>(options: T): Ids<T> {
  const [first, ...rest] = options;
  return [first.id, ...rest.map((option) => option.id)];
}

export const sendCurrencyIdSchema = z.enum(idsOf(SEND_OPTIONS));
export const receiveCurrencyIdSchema = z.enum(idsOf(RECEIVE_OPTIONS));
export const networkIdSchema = z.enum(idsOf(NETWORKS));

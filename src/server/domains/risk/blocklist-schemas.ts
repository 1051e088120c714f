import { z } from "@hono/zod-openapi";
import { BLOCKLIST_KINDS } from "../../../shared/blocklist-keys";
import { searchTextSchema } from "../../platform/api/router";

/** Why an entry is added or removed: the operators' own words, one line. */
const reason = z
  .string({ error: "Reason: say why, in a few words." })
  .trim()
  .min(1, { error: "Reason: say why, in a few words." })
  .max(500, { error: "Reason: at most 500 characters." })
  .refine((text) => !/\p{Cc}/u.test(text), { error: "Reason: one line, no control characters." });

export const blocklistEntrySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(BLOCKLIST_KINDS),
    value: z.string().describe("As the operator entered it"),
    reason: z.string(),
    createdAt: z.string(),
    createdBy: z.string().nullable().describe("The admin's e-mail"),
  })
  .openapi("BlocklistEntry");

export const blocklistEntryInput = z
  .object({
    kind: z.enum(BLOCKLIST_KINDS, { error: `Kind: one of ${BLOCKLIST_KINDS.join(", ")}.` }),
    value: z
      .string({ error: "Value: enter what to block." })
      .max(200, { error: "Value: at most 200 characters." })
      .refine((text) => !/\p{Cc}/u.test(text), {
        error: "Value: one line, no control characters.",
      }),
    reason,
  })
  .openapi("BlocklistEntryInput");

export const blocklistQuery = z.object({
  kind: z.enum(BLOCKLIST_KINDS).optional(),
  search: searchTextSchema("Search").describe("Part of the value or the reason"),
  cursor: z.string().max(200).optional().describe("The last page's `nextCursor`"),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const blocklistPageSchema = z.object({
  entries: z.array(blocklistEntrySchema),
  nextCursor: z.string().nullable(),
});

export const blocklistEntryParams = z.object({
  id: z.uuid({ error: "This is not a blocklist entry id." }).openapi({
    param: { name: "id", in: "path" },
  }),
});

export const removalInput = z.object({ reason });

/** The entry an answer names. */
export const blocklistEntryIdSchema = z.object({ id: z.uuid() });

export const blocklistImportSchema = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
});

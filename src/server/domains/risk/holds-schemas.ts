import { z } from "@hono/zod-openapi";
import { holdRulesInputSchema } from "../../../shared/hold-rules-input";
import { operatorNoteSchema } from "../../../shared/operator-note";

export const customerHoldSchema = z
  .object({
    note: z.string(),
    since: z.string(),
    by: z.string().nullable().describe("The operator's e-mail"),
  })
  .openapi("CustomerHold");

export const customerHoldInput = z
  .object({ note: operatorNoteSchema })
  .openapi("CustomerHoldInput");

export const orderHoldParams = z.object({
  id: z
    .string()
    .max(100)
    .openapi({ param: { name: "id", in: "path" } }),
});

/** What a release answers: the customer's or the order's id. */
export const releasedSchema = z.object({ id: z.string() });

export const holdRulesSchema = holdRulesInputSchema.openapi("HoldRules");

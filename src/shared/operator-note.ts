import { z } from "zod";

/** Why an operator acts (a hold, a frozen account): one line the audit log keeps. */
export const operatorNoteSchema = z
  .string({ error: "Note: say why, in a few words." })
  .trim()
  .min(1, { error: "Note: say why, in a few words." })
  .max(500, { error: "Note: at most 500 characters." })
  .refine((text) => !/\p{Cc}/u.test(text), { error: "Note: one line, no control characters." });

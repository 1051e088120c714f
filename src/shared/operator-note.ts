import { z } from "zod";
import { hasUnseenControls } from "./plain-text";

/**
 * Why an operator acts (a hold, a frozen account): one line the audit log keeps, with
 * words in it, and nothing that would show it otherwise than it is stored.
 */
export const operatorNoteSchema = z
  .string({ error: "Note: say why, in a few words." })
  .trim()
  .min(1, { error: "Note: say why, in a few words." })
  .max(500, { error: "Note: at most 500 characters." })
  .refine((text) => !hasUnseenControls(text), { error: "Note: one line, no control characters." })
  .refine((text) => /[\p{L}\p{N}]/u.test(text), { error: "Note: say why, in a few words." });

/**
 * Notes the desk itself writes on an order's timeline, which the customer reads: the
 * web app shows each in the reader's language (orders.page.systemNotes); an
 * operator's own note is shown as written.
 */
export const SYSTEM_ORDER_NOTES = {
  verifiedByStatement: "Verified against the bank statement",
} as const;

export type SystemOrderNote = keyof typeof SYSTEM_ORDER_NOTES;

/** Which desk note this is, if the note is one. */
export function systemOrderNote(note: string): SystemOrderNote | undefined {
  return (Object.keys(SYSTEM_ORDER_NOTES) as SystemOrderNote[]).find(
    (key) => SYSTEM_ORDER_NOTES[key] === note,
  );
}

/**
 * Characters typed text never needs and a reader cannot see: control characters
 * (PostgreSQL cannot store NUL) and the bidirectional overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which show a text in another order than it is
 * stored: an address or a note would read one way on the review screen, the PDF and
 * the export, and be another. The zero-width joiners stay: Hindi spelling needs them.
 */
const UNSEEN_CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
/** The same, but tab and line breaks, which a note may hold. */
const UNSEEN_CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

export function hasUnseenControls(
  text: string,
  { allowLineBreaks = false }: { allowLineBreaks?: boolean } = {},
): boolean {
  return (allowLineBreaks ? UNSEEN_CONTROL_BUT_LINE_BREAKS : UNSEEN_CONTROL).test(text);
}

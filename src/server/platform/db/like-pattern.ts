/** `text` in a LIKE pattern: its `%`, `_` and `\` match themselves, not as wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern that matches `text` literally anywhere in the value. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

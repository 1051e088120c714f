/**
 * What a filtered field keeps of what was typed, written back to the field at
 * once. Preact leaves a controlled input's text alone when its state does not
 * change, so a refused character (a letter in an amount, an 11th digit) would
 * stay on screen until the next render.
 */
export function keepFiltered(input: HTMLInputElement, filter: (value: string) => string): string {
  const typed = input.value;
  const kept = filter(typed);
  if (kept !== typed) {
    // The caret stays where it was, less what was taken out before it.
    const caret = Math.max(
      0,
      (input.selectionStart ?? typed.length) - (typed.length - kept.length),
    );
    input.value = kept;
    // Only text-like fields have a caret (an e-mail field refuses it).
    if (/^(text|tel|search|url|password)$/.test(input.type)) input.setSelectionRange(caret, caret);
  }
  return kept;
}

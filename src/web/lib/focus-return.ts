import { type RefObject, useRef } from "react";

/**
 * Where the keyboard goes back to when a dialog closes whose opener is gone: a row
 * menu's item opens a dialog as the menu closes, so Radix had only the removed item
 * to return to, and focus fell to the page's top. The row menu names its button here
 * as it opens.
 */
let rowMenuOpener: HTMLElement | null = null;

export function rememberOpener(element: HTMLElement | null) {
  rowMenuOpener = element;
}

/**
 * A dialog's `onOpenAutoFocus` and `onCloseAutoFocus`, around its own: what had the
 * keyboard as it opened gets it back, or, when that is gone, the row menu last opened.
 */
export function useFocusReturn<
  Event extends { defaultPrevented: boolean; preventDefault(): void },
>(own: { onOpenAutoFocus?: (event: Event) => void; onCloseAutoFocus?: (event: Event) => void }) {
  const opener: RefObject<Element | null> = useRef(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement;
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      own.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const { current } = opener;
      const target =
        current instanceof HTMLElement && current.isConnected && current !== document.body
          ? current
          : rowMenuOpener?.isConnected
            ? rowMenuOpener
            : null;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

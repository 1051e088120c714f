import type { KeyboardEvent } from "react";

/**
 * Enter in a text field (a phone keyboard's Go too) does what the main button does.
 * The exchange screen and its payment step are not <form>s: the pre-rendered page
 * would submit one by itself before the app runs.
 */
export function onEnterInTextField(action: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    action();
  };
}

/**
 * A button tapped on the pre-rendered page before React listens does nothing: the
 * entry keeps the last such tap and makes it again once React does (React then
 * hydrates what was tapped at once and runs its handler). Links need no help: before
 * then they navigate as plain links; what was typed is taken by the form itself
 * (use-exchange-form.ts, takeEarlyInput).
 */
export function keepEarlyClicks(container: HTMLElement): () => void {
  let lastTapped: HTMLButtonElement | null = null;
  const keep = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && container.contains(button)) lastTapped = button;
  };
  container.addEventListener("click", keep, true);
  return () => {
    container.removeEventListener("click", keep, true);
    // A page rendered afresh has replaced what was tapped: nothing to repeat.
    if (lastTapped?.isConnected && !lastTapped.disabled) lastTapped.click();
  };
}

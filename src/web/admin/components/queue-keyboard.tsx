import { useEffect, useRef } from "react";

/** Keys typed into a field or a menu belong to it, not to the queue's shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
      target.closest("[role=menu]") !== null)
  );
}

/** The shortcuts, listed where the operator works: each row its keys and what they do. */
export function QueueShortcuts({
  title,
  shortcuts,
}: {
  title: string;
  shortcuts: [keys: string[], label: string][];
}) {
  return (
    // Not on a touch screen, which has no keys to press.
    <section
      aria-labelledby="keyboard-shortcuts"
      className="text-sm text-muted-foreground pointer-coarse:hidden"
    >
      <h2 id="keyboard-shortcuts" className="mb-1 font-medium text-foreground">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-x-5 gap-y-1">
        {shortcuts.map(([keys, label]) => (
          <li key={label} className="flex items-center gap-1.5">
            {keys.map((key) => (
              <kbd key={key} className="rounded border bg-muted px-1.5 font-mono text-xs">
                {key}
              </kbd>
            ))}
            <span>{label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What a work queue's keys act on, read as they are pressed. */
export interface QueueKeyState {
  /** A dialog of its own is open (a form): the queue's keys rest. */
  isPaused: boolean;
  /** A row's details are open: moving and opening rest, the actions act on that row. */
  isOpen: boolean;
  /** Moves the selection by one row, down (1) or up (-1). */
  move: (step: 1 | -1) => void;
  /** Opens the selected row; none when no row is selected. */
  open?: () => void;
  /** The queue's letter keys, each what it does now (none when it cannot). */
  actions: Record<string, (() => void) | undefined>;
}

/**
 * A work queue's keyboard: j/k or the arrows move, Enter opens the selected row, and
 * the queue's letters act on the open row, or on the selected one.
 */
export function useQueueKeys(state: QueueKeyState) {
  const current = useRef(state);
  current.current = state;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { isPaused, isOpen, move, open, actions } = current.current;
      if (isPaused || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) {
        return;
      }
      if (!isOpen && (event.key === "j" || event.key === "ArrowDown")) {
        move(1);
      } else if (!isOpen && (event.key === "k" || event.key === "ArrowUp")) {
        move(-1);
      } else if (!isOpen && event.key === "Enter" && open) {
        if (event.target instanceof HTMLButtonElement) return;
        open();
      } else {
        const action = actions[event.key];
        if (!action) return;
        action();
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}

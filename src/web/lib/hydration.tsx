import { type ReactNode, Suspense, useLayoutEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";

/*
 * Hydrating the whole pre-rendered screen at once is one long task that input waits
 * behind. Parts wrapped in <HydrateLater> keep their pre-rendered DOM and come alive
 * afterwards, each in a task of its own: Preact leaves the DOM of a subtree that
 * suspends during hydration as it is, and hydrates it once the promise resolves.
 */

interface Turn {
  isFirst: boolean;
  isDone: boolean;
  promise: Promise<void>;
  start: () => void;
}

let isHydrating = false;
/** The root being hydrated in turns. */
let hydratedRoot: HTMLElement | null = null;
/** The turns waiting for a task: those marked first ahead of the others, else in tree order. */
const queue: Turn[] = [];

/** Hydrates root; the <HydrateLater> parts it meets wait for later tasks. */
export function hydrateInTurns(root: HTMLElement, app: ReactNode) {
  isHydrating = true;
  hydratedRoot = root;
  try {
    hydrateRoot(root, app);
  } finally {
    isHydrating = false;
  }
}

function takeTurn(isFirst: boolean): Turn {
  let start = () => {};
  const promise = new Promise<void>((resolve) => {
    start = resolve;
  });
  const turn: Turn = { isFirst, isDone: false, promise, start };
  const before = isFirst ? queue.findIndex((waiting) => !waiting.isFirst) : -1;
  queue.splice(before < 0 ? queue.length : before, 0, turn);
  if (queue.length === 1) setTimeout(startNextTurn);
  return turn;
}

function startNextTurn() {
  const turn = queue.shift();
  if (!turn) return;
  turn.isDone = true;
  turn.start();
  if (queue.length) setTimeout(startNextTurn);
}

/**
 * During the first hydration, hydrates its children in a later task (`first`: before
 * the parts without it); any other time renders them at once. Its children must
 * render exactly one element: the pre-rendered DOM kept until then.
 */
export function HydrateLater({
  first = false,
  children,
}: {
  first?: boolean;
  children: ReactNode;
}) {
  const [turn] = useState(() => (isHydrating ? takeTurn(first) : null));
  // Hydration leaves attributes as they are, so the part is hydrated as it was
  // pre-rendered (its first render), then updated to what it is by now.
  const [prerendered] = useState(children);
  const [isHydrated, setIsHydrated] = useState(!turn);
  return (
    <Suspense fallback={null}>
      <AfterTurn turn={turn} onHydrated={setIsHydrated}>
        {isHydrated ? children : prerendered}
      </AfterTurn>
    </Suspense>
  );
}

function AfterTurn({
  turn,
  onHydrated,
  children,
}: {
  turn: Turn | null;
  onHydrated: (isHydrated: true) => void;
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    if (turn && hydratedRoot) replayEarlyInput(hydratedRoot);
    onHydrated(true);
  }, [turn, onHydrated]);
  if (turn && !turn.isDone) throw turn.promise;
  return children;
}

/**
 * What the user typed or chose on the pre-rendered page before its part came alive
 * (or what the browser restored there) is in the DOM but not in the components'
 * state, and their next render would put the state back: each such field tells its
 * handler again, as if typed now. A field that already agrees just says so again.
 */
function replayEarlyInput(root: HTMLElement) {
  for (const field of root.querySelectorAll("input, textarea, select")) {
    const changedBy = eventOfUserChange(field);
    if (changedBy) field.dispatchEvent(new Event(changedBy, { bubbles: true }));
  }
}

/** The event a change the user made to this field fires, if the field holds one. */
function eventOfUserChange(field: Element): "input" | "change" | null {
  if (field instanceof HTMLSelectElement) {
    const isChanged = [...field.options].some(
      (option) => option.selected !== option.defaultSelected,
    );
    return isChanged ? "change" : null;
  }
  if (field instanceof HTMLInputElement && field.type === "checkbox") {
    return field.checked !== field.defaultChecked ? "change" : null;
  }
  // A radio button's change is told by the one now checked.
  if (field instanceof HTMLInputElement && field.type === "radio") {
    return field.checked && !field.defaultChecked ? "change" : null;
  }
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    return field.value !== field.defaultValue ? "input" : null;
  }
  return null;
}

import { useEffect, useRef, useState } from "react";

/**
 * A work queue's selected row, held by its id: a row arriving live above it once moved
 * the selection onto another, which a key would then have acted on. A row that left
 * the list (verified out of "pending", paid) passes the selection to the one now in its place.
 */
export function useQueueSelection<Row extends { id: string }>(rows: readonly Row[]) {
  const [selection, setSelection] = useState<{ id?: string; index: number }>({ index: 0 });
  const foundIndex = rows.findIndex((row) => row.id === selection.id);
  const selectedIndex = Math.min(foundIndex >= 0 ? foundIndex : selection.index, rows.length - 1);
  const select = (index: number) => {
    const clamped = Math.max(0, Math.min(index, rows.length - 1));
    setSelection({ id: rows[clamped]?.id, index: clamped });
  };
  /** Back to the first row: another list (a filter changed). */
  const reset = () => setSelection({ index: 0 });
  return { selectedIndex, selected: rows[selectedIndex], select, reset };
}

/**
 * Scrolls the selected row (the one whose `attribute` is `id`) into view, once the
 * selection moved: on a phone, scrolling to the first row as the list opened hid the
 * page's heading under the top bar.
 */
export function useScrollToSelected(attribute: string, id: string | undefined) {
  /** The row selected when the list was last drawn: the first, as it opens. */
  const lastSelected = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (lastSelected.current !== undefined && id !== undefined) {
      document.querySelector(`[${attribute}="${id}"]`)?.scrollIntoView({ block: "nearest" });
    }
    lastSelected.current = id;
  }, [attribute, id]);
}

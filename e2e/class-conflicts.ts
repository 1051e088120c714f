import type { Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";

/**
 * The app joins class names without merging them (src/web/lib/utils.ts): a component
 * whose caller adds `p-0` to its own `px-4` would get both, and the stylesheet's order,
 * not the caller, would decide. tailwind-merge knows which utilities override which:
 * every class list the journeys render is checked against it here.
 */
export function conflictingClasses(classList: string): string[] {
  const classes = [...new Set(classList.split(/\s+/).filter(Boolean))];
  const kept = new Set(twMerge(classes.join(" ")).split(" "));
  return classes.filter((name) => !kept.has(name));
}

const REPORT = "__reportClassLists";

/**
 * Collects every class list the page shows, from the parser's first element to the
 * last state a journey reached (dialogs, menus, toasts included), into `seen`.
 */
export async function collectClassLists(page: Page, seen: Set<string>) {
  await page.exposeBinding(REPORT, (_source, lists: string[]) => {
    for (const list of lists) seen.add(list);
  });
  await page.addInitScript((report) => {
    const pending = new Set<string>();
    const send = () => {
      if (pending.size === 0) return;
      const lists = [...pending];
      pending.clear();
      (window as unknown as Record<string, (lists: string[]) => void>)[report]?.(lists);
    };
    const take = (element: Element) => {
      const list = element.getAttribute("class");
      if (list) pending.add(list);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes" && record.target instanceof Element) take(record.target);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          take(node);
          for (const element of node.querySelectorAll("[class]")) take(element);
        }
      }
      queueMicrotask(send);
    }).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class"],
    });
  }, REPORT);
}

/** The class lists in `seen` that hold utilities overriding each other. */
export function classConflicts(seen: Set<string>): string[] {
  return [...seen].flatMap((list) => {
    const conflicting = conflictingClasses(list);
    return conflicting.length > 0 ? [`"${list}": ${conflicting.join(", ")} overridden`] : [];
  });
}

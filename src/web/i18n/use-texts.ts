import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useMemo } from "react";
import type { TextFunction, TextList, TextListKey } from "./text-keys";

/**
 * The texts of the language being read (English inside the admin panel). A component
 * that uses them renders again when that language changes or more texts load; `t` is a
 * new function only for a new language, as i18next's was: an effect that depends on it
 * (the admin's live order feed, an error's toast) must not run again whenever another
 * area's texts load.
 */
export function useTexts(): {
  t: TextFunction;
  list: <Key extends TextListKey>(key: Key) => TextList<Key>;
} {
  const { i18n } = useLingui();
  const { locale } = i18n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for a new language only (see above); it reads the texts loaded by the time it is called.
  return useMemo(
    () => ({
      // A key no text has reads as its `defaultValue` where one is given (a status the
      // server added after this page was built), else as itself.
      t: (key, values) =>
        i18n.messages[key] === undefined && typeof values?.defaultValue === "string"
          ? values.defaultValue
          : i18n._(key, values),
      list: <Key extends TextListKey>(key: Key) => textList(i18n, key) as TextList<Key>,
    }),
    [i18n, locale],
  );
}

/**
 * A list of texts as its file nests it ("pages.help.categories": each category with its
 * title and its questions), put together again from the texts' paths.
 */
function textList(i18n: I18n, key: string): unknown {
  const root: Record<string, unknown> = {};
  for (const id of Object.keys(i18n.messages)) {
    if (!id.startsWith(`${key}.`)) continue;
    const path = id.slice(key.length + 1).split(".");
    const last = path.pop() ?? "";
    let node = root;
    for (const segment of path) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    node[last] = i18n._(id);
  }
  return asLists(root);
}

/** Objects whose keys are all indexes become arrays (their keys come in order). */
function asLists(node: unknown): unknown {
  if (typeof node !== "object" || node === null) return node;
  const entries = Object.entries(node).map(([key, child]) => [key, asLists(child)] as const);
  return entries.every(([key]) => /^\d+$/.test(key))
    ? entries.map(([, child]) => child)
    : Object.fromEntries(entries);
}

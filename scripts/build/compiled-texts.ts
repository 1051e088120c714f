import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/** The web app's texts: one JSON file per area and language (src/web/i18n/README.md). */
const TEXTS_FILE = /[\\/]src[\\/]web[\\/]i18n[\\/][a-z]+[\\/][\w-]+\.json$/;

export type Texts = string | Texts[] | { [key: string]: Texts };

/** Each text by its path ("help.categories.0.title"), as the texts file nests them. */
export function flattenTexts(texts: Texts, prefix = ""): [string, string][] {
  if (typeof texts === "string") return [[prefix, texts]];
  return Object.entries(texts).flatMap(([key, child]) =>
    flattenTexts(child, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * Lingui reads messages compiled ahead of time: the browser then carries no ICU parser
 * and parses nothing at start-up. Each texts file is compiled when imported, by the
 * browser build, the build's pre-render and the dev server alike, into a flat JSON object
 * of compiled messages by path (still JSON: Vite's own JSON step turns it into a module).
 */
export function compiledTexts(): Plugin {
  return {
    name: "rupeedesk:compiled-texts",
    enforce: "pre",
    transform: {
      filter: { id: TEXTS_FILE },
      handler(code, id) {
        const compiled = flattenTexts(JSON.parse(code) as Texts).map(([path, text]) => {
          try {
            return [path, compileMessage(text)];
          } catch (error) {
            throw new Error(`${id}: the text at ${path} is not ICU MessageFormat: ${error}`);
          }
        });
        return { code: JSON.stringify(Object.fromEntries(compiled)), map: null };
      },
    },
  };
}

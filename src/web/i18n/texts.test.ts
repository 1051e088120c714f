import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { BASE_ERROR_CODES } from "@better-auth/core/error";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { ADMIN_ERROR_CODES, TWO_FACTOR_ERROR_CODES } from "better-auth/client/plugins";
import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { flattenTexts, type Texts } from "../../../scripts/build/compiled-texts";
import { SEND_OPTIONS } from "../../shared/catalog";
import { LANGUAGES } from "../../shared/languages";
import { SYSTEM_ORDER_NOTES } from "../../shared/order-notes";

/*
 * Every customer-facing text exists in every language, and customer-facing components
 * take their words from the texts. The admin areas are English only.
 */

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, "..");
const server = join(web, "..", "server");

/** The customer areas: one file of texts each, per language. */
const CUSTOMER_AREAS = [
  "common",
  "exchange",
  "payment",
  "account",
  "orders",
  "pages",
  "sell",
  "tax",
];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const readTexts = (language: string, area: string) =>
  JSON.parse(readFileSync(join(here, language, `${area}.json`), "utf8")) as Json;

/** Each text's path ("help.categories.0.items.1.answer") with its {placeholders}. */
function textPaths(value: Json, prefix = ""): Map<string, string> {
  const paths = new Map<string, string>();
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, placeholders] of textPaths(child, prefix ? `${prefix}.${key}` : key)) {
        paths.set(path, placeholders);
      }
    }
  } else {
    // ICU: "{name}", and "{count, plural, …}" with its forms naming {count} again.
    const placeholders = new Set(
      [...String(value).matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]),
    );
    paths.set(prefix, [...placeholders].sort().join(","));
  }
  return paths;
}

describe("every text, in every language", () => {
  const files = readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((language) =>
      readdirSync(join(here, language.name))
        .filter((file) => file.endsWith(".json"))
        .map((file) => [language.name, file.replace(/\.json$/, "")]),
    );

  it.each(files)("%s/%s reads as written, its placeholders filled in", (language, area) => {
    const texts = flattenTexts(readTexts(language, area) as Texts);
    const messages = Object.fromEntries(texts.map(([path, text]) => [path, compileMessage(text)]));
    const reader = setupI18n({ locale: language, messages: { [language]: messages } });
    for (const [path, text] of texts) {
      if (/\{\w+, plural,/.test(text)) continue;
      // A stray quote or brace would change the words (ICU escapes with them) or throw.
      const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => String(m[1]));
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      expect(reader._(path, values), `${language}/${area}: ${path}`).toBe(
        text.replace(/\{(\w+)\}/g, "<$1>"),
      );
    }
  });

  it("reads a count in its plural form", () => {
    const texts = new Map(flattenTexts(readTexts("en", "admin-verifications") as Texts));
    const orders = compileMessage(texts.get("dialog.orders") ?? "");
    const reader = setupI18n({ locale: "en", messages: { en: { orders } } });
    expect([reader._("orders", { count: 1 }), reader._("orders", { count: 3 })]).toEqual([
      "1 order",
      "3 orders",
    ]);
  });
});

describe("the customer texts", () => {
  it.each(
    CUSTOMER_AREAS.flatMap((area) => LANGUAGES.filter((l) => l !== "en").map((l) => [area, l])),
  )("%s has the same texts, with the same placeholders, in English and in %s", (area, language) => {
    const english = textPaths(readTexts("en", area));
    const translated = textPaths(readTexts(language, area));
    const onlyInEnglish = [...english.keys()].filter((path) => !translated.has(path));
    const onlyTranslated = [...translated.keys()].filter((path) => !english.has(path));
    expect({ onlyInEnglish, onlyTranslated }).toEqual({ onlyInEnglish: [], onlyTranslated: [] });
    for (const [path, placeholders] of english) {
      expect(translated.get(path), `${area}.${path}'s placeholders`).toBe(placeholders);
    }
  });

  it("names each way to pay in English as the catalog does, and in every language", () => {
    const english = readTexts("en", "exchange") as { sendMethods: Record<string, string> };
    expect(english.sendMethods).toEqual(
      Object.fromEntries(SEND_OPTIONS.map((option) => [option.id, option.name])),
    );
  });

  it("has every note the desk writes on a customer's timeline, in every language", () => {
    for (const language of LANGUAGES) {
      const notes = textPaths(readTexts(language, "orders"));
      for (const note of Object.keys(SYSTEM_ORDER_NOTES)) {
        expect(notes.has(`page.systemNotes.${note}`), `${language}: ${note}`).toBe(true);
      }
    }
  });

  it("finds a difference between two languages (the comparison above can fail)", () => {
    const english = textPaths({ a: "x", b: ["one", "two"], c: "{min}" });
    const other = textPaths({ a: "y", b: ["one"], c: "{max}" });
    expect([...english.keys()].filter((path) => !other.has(path))).toEqual(["b.1"]);
    expect(other.get("c")).not.toBe(english.get("c"));
  });

  it("has a Hindi text only for error codes the server or the sign-in service answers with", () => {
    const serverSource = sourceFiles(server, ".ts")
      .filter((file) => !file.endsWith(".test.ts"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    // And the codes the page gives an answer that has none (a rate limit's 429).
    const pageSource = readFileSync(join(here, "server-errors.ts"), "utf8");
    const known = new Set([
      ...Object.keys(BASE_ERROR_CODES),
      ...Object.keys(TWO_FACTOR_ERROR_CODES),
      ...Object.keys(ADMIN_ERROR_CODES),
      ...[...`${serverSource}${pageSource}`.matchAll(/"([A-Z][A-Z_]+)"/g)].map((m) => m[1]),
    ]);
    const codes = Object.keys(
      JSON.parse(readFileSync(join(here, "hi", "server-errors.json"), "utf8")) as object,
    );
    expect(codes.filter((code) => !known.has(code))).toEqual([]);
  });

  it("has a Hindi text for every error code a customer's request can be refused with", () => {
    const customerFacing = [
      "domains/orders",
      "domains/receiving-accounts/offer-receiving-account.ts",
      "domains/receiving-accounts/receiving-account-summary.ts",
      "domains/order-desk/buy/change-order-status.ts",
      "domains/customers/language.routes.ts",
      "domains/customers/payout-destinations",
      "domains/tax/account-tax.routes.ts",
      "domains/settings/site.routes.ts",
      "platform/auth",
      "platform/api/session.ts",
      "platform/api/router.ts",
      "platform/http",
      "platform/events",
      "platform/settings-store",
      "app/create-app.ts",
      "app/error-answers.ts",
      "app/auth-proxy.ts",
    ];
    const codes = new Set(
      customerFacing
        .flatMap((name) =>
          name.endsWith(".ts") ? [join(server, name)] : sourceFiles(join(server, name), ".ts"),
        )
        // An admin places orders for customers in English: its refusals are the admin's.
        .filter((file) => !file.endsWith(".test.ts") && !file.endsWith("create-admin-order.ts"))
        .flatMap((file) => [
          ...readFileSync(file, "utf8").matchAll(/(?:AppError\(\s*\d+,|code:)\s*"([A-Z][A-Z_]+)"/g),
        ])
        .map((m) => String(m[1])),
    );
    expect(codes.size).toBeGreaterThan(10);
    const hindi = JSON.parse(
      readFileSync(join(here, "hi", "server-errors.json"), "utf8"),
    ) as object;
    expect([...codes].filter((code) => !(code in hindi))).toEqual([]);
  });
});

describe("the Hindi texts of /verify's refusals", () => {
  it("has one for every code the verification routes refuse a customer with", () => {
    // Only /verify meets them, so they load with its texts, not with the first screen.
    const adminOnly = new Set(["USER_NOT_FOUND", "NOT_WAITING", "PAN_VERIFIED_ELSEWHERE"]);
    const codes = sourceFiles(join(server, "domains", "verification"), ".ts")
      .filter((file) => !file.endsWith(".test.ts"))
      .flatMap((file) => [
        ...readFileSync(file, "utf8").matchAll(
          /(?:AppError\(\s*\d+,|refuse\(\s*\d+,|code:)\s*"([A-Z][A-Z_]+)"/g,
        ),
      ])
      .map((m) => String(m[1]))
      .filter((code) => !adminOnly.has(code));
    expect(codes.length).toBeGreaterThan(10);
    const shared = JSON.parse(readFileSync(join(here, "hi", "server-errors.json"), "utf8"));
    const refusals = (readTexts("hi", "account") as { verification: { refusals: object } })
      .verification.refusals;
    expect(codes.filter((code) => !(code in refusals) && !(code in shared))).toEqual([]);
  });
});

describe("the Hindi texts of the form's own checks", () => {
  const hindi = JSON.parse(readFileSync(join(here, "hi", "check-errors.json"), "utf8")) as {
    wallet: Record<string, string> & { formats: Record<string, string> };
    fields: Record<string, string>;
  };
  const shared = (name: string) => readFileSync(join(web, "..", "shared", name), "utf8");
  const unionOf = (type: string) => {
    const union = new RegExp(`export type ${type} =([^;]+);`).exec(shared("wallet-address.ts"));
    return [...(union?.[1] ?? "").matchAll(/"(\w+)"/g)].map((m) => m[1]);
  };

  it("name only codes the wallet check answers with", () => {
    const codes = unionOf("WalletErrorCode");
    expect(codes.length).toBeGreaterThan(0);
    const { formats: _, ...wallet } = hindi.wallet;
    expect(Object.keys(wallet).filter((code) => !codes.includes(code))).toEqual([]);
  });

  it("say every address shape the wallet check expects", () => {
    expect(Object.keys(hindi.wallet.formats).sort()).toEqual(unionOf("WalletFormat").sort());
  });

  it("name only fields of the order form", () => {
    const source = shared("order-input.ts");
    const missing = Object.keys(hindi.fields).filter((field) => !source.includes(`${field}:`));
    expect(missing).toEqual([]);
  });
});

/** The folders of customer-facing components (the admin panel's are English only). */
const CUSTOMER_FOLDERS = ["account", "components", "exchange", "layout", "orders", "pages", "sell"];
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label"]);
/**
 * Words allowed as they stand: names that are the same in every language, and the
 * symbols between texts.
 */
const ALLOWED = new Set(["RupeeDesk", "USDT", "INR", "UPI", "→", "₹", "#", "·", "•", ":", "/"]);

function sourceFiles(folder: string, extension: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path, extension);
    return entry.name.endsWith(extension) ? [path] : [];
  });
}

type AstNode = { type?: string; [key: string]: unknown };

/** The words in JSX text and in read attributes written as literals in this TSX source. */
function literalTexts(source: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    const node = value as AstNode;
    if (node.type === "JSXText") {
      const text = String(node.value).replace(/\s+/g, " ").trim();
      if (text) found.push(text);
    }
    const { name, value: attributeValue } = node as { name?: AstNode; value?: AstNode | null };
    if (
      node.type === "JSXAttribute" &&
      READ_ATTRIBUTES.has(String(name?.name)) &&
      attributeValue?.type === "Literal"
    ) {
      found.push(String(attributeValue.value));
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(parseAst(source, { lang: "tsx" }));
  // Text with a letter of any script, not one of the allowed words.
  return found.filter((text) => /\p{L}/u.test(text) && !ALLOWED.has(text));
}

describe("customer-facing components", () => {
  const files = CUSTOMER_FOLDERS.flatMap((folder) => sourceFiles(join(web, folder), ".tsx"));

  it.each(files.map((file) => [relative(web, file), file]))(
    "%s writes no words of its own: they come from the texts",
    (_, file) => {
      expect(literalTexts(readFileSync(file, "utf8"))).toEqual([]);
    },
  );

  it("notices words written in a component", () => {
    const source = `export const A = () => <p title="Close">Hello {name}<b>₹</b><i>RupeeDesk</i></p>;`;
    expect(literalTexts(source)).toEqual(["Close", "Hello"]);
  });
});

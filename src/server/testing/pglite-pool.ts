import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { createPglite, type DatabaseHandle, wrapPglite } from "../platform/db/database";
import {
  readTemplateState,
  resetToTemplate,
  type SqlSession,
  type TemplateState,
} from "./template-reset";

/*
 * PGlite databases in the migrated template's state, for the test apps of one Vitest worker.
 * Starting PGlite from the template cost about 2 CPU-s a test app, a quarter of the PGlite
 * project's CPU; a reset (template-reset.ts) costs a tenth of that. A database whose
 * catalog or query function a test changed, or whose reset failed, is closed instead.
 */

const idle: PGlite[] = [];
let templateState: Promise<TemplateState> | undefined;

/**
 * A database at the template's state (`fresh`: a new one, never used); closing the handle
 * gives it back for the next test app.
 */
export async function openTemplateDatabase({ fresh = false } = {}): Promise<DatabaseHandle> {
  const pglite = (!fresh && idle.pop()) || (await startFromTemplate());
  templateState ??= readTemplateState(sessionOf(pglite), "own");
  const state = await templateState;
  const handle = wrapPglite(lend(pglite));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await giveBack(pglite, state);
    },
  };
}

/**
 * The database as one test app sees it: closed for good once the app closes, as a database
 * of its own would be, though the next test app is given the same one.
 */
function lend(pglite: PGlite): PGlite {
  let isGivenBack = false;
  return new Proxy(pglite, {
    get(target, property) {
      if (property === "closed") return isGivenBack || target.closed;
      if (property === "close") {
        return async () => {
          isGivenBack = true;
        };
      }
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (isGivenBack) throw new Error("PGlite is closed");
        return value.apply(target, args);
      };
    },
  });
}

/** A new PGlite from the run's migrated template. */
export async function startFromTemplate(): Promise<PGlite> {
  const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
  return createPglite({ loadDataDir: template });
}

async function giveBack(pglite: PGlite, state: TemplateState) {
  if (pglite.closed) return;
  try {
    if (hasPatchedMethods(pglite)) throw new Error("a test replaced a method of the database");
    // Not in the reset's statements: a list of them runs as one transaction, which DISCARD refuses.
    await pglite.exec("DISCARD ALL");
    if (!(await resetToTemplate(sessionOf(pglite), state, "own"))) {
      throw new Error("a test changed the database's catalog");
    }
    idle.push(pglite);
  } catch {
    await pglite.close().catch(() => {});
  }
}

/** A statement recorder (statement-recorder.ts) swaps `query` while it counts. */
function hasPatchedMethods(pglite: PGlite): boolean {
  const prototype = Object.getPrototypeOf(pglite) as PGlite;
  return (["query", "exec", "transaction"] as const).some(
    (name) => pglite[name] !== prototype[name],
  );
}

function sessionOf(pglite: PGlite): SqlSession {
  return {
    rows: async <Row>(text: string, params?: unknown[]) =>
      (await pglite.query<Row>(text, params)).rows,
    run: async (text) => {
      await pglite.exec(text);
    },
  };
}

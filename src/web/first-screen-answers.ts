/*
 * The two answers every first screen needs (the site's settings: the rate, the limits;
 * who is signed in: the top bar's links) are asked for together with the app's files
 * (main.tsx), not after those have run: on a slow mobile link the rate and the links
 * came about ten seconds after the page. Each query takes its early answer once, while
 * it is fresh, and only once the page has hydrated: an answer the queries' stores took
 * during hydration made React finish hydrating in one long task. Later reads ask again.
 */
import { hydrationDone } from "./hydration-done";

const PATHS = { settings: "/api/site-settings", session: "/api/auth/get-session" } as const;
type FirstScreenAnswer = keyof typeof PATHS;

/** An early answer older than this is asked again: an operator may have changed the rate. */
const FRESH_FOR_MS = 30_000;

const asked = new Map<FirstScreenAnswer, { response: Promise<Response>; at: number }>();

const request = (name: FirstScreenAnswer) => fetch(PATHS[name], { credentials: "same-origin" });

/** Asks for both answers now (main.tsx, with the app's files). */
export function askFirstScreenAnswers() {
  for (const name of Object.keys(PATHS) as FirstScreenAnswer[]) {
    const response = request(name);
    response.catch(() => {}); // a failure is the query's to see, and retry
    asked.set(name, { response, at: performance.now() });
  }
}

/** The answer: the one asked for early (once, while fresh, after hydration); else asked now. */
export async function firstScreenAnswer(name: FirstScreenAnswer): Promise<Response> {
  const early = asked.get(name);
  asked.delete(name);
  if (!early || performance.now() - early.at >= FRESH_FOR_MS) return request(name);
  await hydrationDone;
  // In a task of its own, after the one that ended hydrating.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return early.response;
}

/*
 * The two answers every first screen needs (the site's settings: the rate, the limits;
 * who is signed in: the top bar's links) are asked for together with the app's files
 * (main.tsx), not after those have run: on a slow mobile link the rate and the links
 * came about ten seconds after the page. Each query takes its early answer once, while
 * it is fresh; any later read asks again.
 */
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

/** The answer: the one asked for early, once and while fresh; else asked now. */
export function firstScreenAnswer(name: FirstScreenAnswer): Promise<Response> {
  const early = asked.get(name);
  asked.delete(name);
  return early && performance.now() - early.at < FRESH_FOR_MS ? early.response : request(name);
}

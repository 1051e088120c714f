import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import PostalMime from "postal-mime";
import { TEST_ORIGIN } from "./origin";
import type { TestApp } from "./test-app";

let nextAddress = 1;

/**
 * A browser-like caller of the test app: its own IP (so rate limits are per
 * test), the site's Origin, and a cookie jar.
 */
/** A request body sent as it is, not as JSON (to test malformed input). */
export class RawBody {
  constructor(readonly text: string | Uint8Array<ArrayBuffer>) {}
}

/** Anything that answers requests: the in-process app, or a server process (see server-process.ts). */
export interface RequestTarget {
  app: { request(path: string, init: RequestInit): Response | Promise<Response> };
  /** The site's origin as browsers send it; the in-process app's by default. */
  origin?: string;
}

export function createClient(
  testApp: RequestTarget,
  ip = `10.0.${nextAddress >> 8}.${nextAddress++ & 255}`,
) {
  const cookies = new Map<string, string>();

  /** Sends a body as JSON, or a RawBody's text exactly as given (for malformed input). */
  async function request(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = {
      origin: testApp.origin ?? TEST_ORIGIN,
      "x-forwarded-for": ip,
    };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    // A form sets its own multipart content type, with the boundary.
    if (body !== undefined && !(body instanceof FormData))
      headers["content-type"] = "application/json";
    Object.assign(headers, extraHeaders);
    const response = await testApp.app.request(path, {
      method,
      headers,
      body:
        body === undefined
          ? undefined
          : body instanceof RawBody
            ? body.text
            : body instanceof FormData
              ? body
              : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (!name) continue;
      if (/max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value.join("="));
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const json =
      text && response.headers.get("content-type")?.includes("json")
        ? readJson(text, `${method} ${path}: ${response.status}`)
        : undefined;
    return { status: response.status, headers: response.headers, json, text, bytes };
  }

  return {
    ip,
    cookies,
    request,
    get: (path: string, headers?: Record<string, string>) =>
      request("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request("POST", path, body ?? {}, headers),
    /** Opens a link from an e-mail; it must point at the app's public URL. */
    follow: (link: string) => {
      const url = new URL(link);
      const origin = testApp.origin ?? TEST_ORIGIN;
      if (url.origin !== origin) throw new Error(`${link} is not on ${origin}`);
      return request("GET", url.pathname + url.search);
    },
    signUp: (email: string, password: string, whatsappNumber = "+919876543210") =>
      request("POST", "/api/auth/sign-up/email", {
        email,
        password,
        name: "",
        whatsappNumber,
        callbackURL: "/login",
      }),
    signIn: (email: string, password: string) =>
      request("POST", "/api/auth/sign-in/email", { email, password }),
  };
}

/** A JSON answer's body; one that is not JSON fails naming the request, its status and what came. */
// biome-ignore lint/suspicious/noExplicitAny: a test reads any answer's fields, as JSON.parse gives them.
function readJson(text: string, answer: string): any {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${answer} said JSON but sent ${JSON.stringify(text.slice(0, 300))}`);
  }
}

/** Every e-mail written to the test app's mail folder for this address, oldest first. */
export async function readMails(testApp: TestApp, to: string) {
  await testApp.settle(); // mails are sent after the answer
  if (!existsSync(testApp.mailDir)) return [];
  const mails = [];
  for (const file of readdirSync(testApp.mailDir).sort()) {
    const mail = await PostalMime.parse(readFileSync(join(testApp.mailDir, file)));
    if (mail.to?.some((address) => address.address === to)) {
      const link = mail.text?.match(/https?:\/\/\S+/)?.[0];
      mails.push({ subject: mail.subject ?? "", text: mail.text ?? "", link });
    }
  }
  return mails;
}

/** The newest e-mail written to the test app's mail folder for this address. */
export async function readLatestMail(testApp: TestApp, to: string) {
  const mail = (await readMails(testApp, to)).at(-1);
  if (!mail) throw new Error(`No mail for ${to}`);
  return mail;
}

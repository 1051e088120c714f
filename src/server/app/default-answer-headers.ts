import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppContext } from "../platform/api/app-context";
import { defaultHeaders, headersSetBy } from "../platform/http/response-headers";
import { type AppPages, inlineScriptSources } from "../platform/http/spa";

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Radix positions popovers with inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  // The installed app's manifest and service worker (public/): our own files only.
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The headers every answer carries (decision 038): security headers and the CSP; no-store on the API. */
export function defaultAnswerHeaders(context: AppContext, pages: AppPages): MiddlewareHandler {
  return defaultHeaders({
    everywhere: headersSetBy(
      secureHeaders({
        contentSecurityPolicy: {
          ...contentSecurityPolicy,
          scriptSrc: [
            ...contentSecurityPolicy.scriptSrc,
            ...new Set(Object.values(pages).flatMap(inlineScriptSources)),
          ],
        },
        referrerPolicy: "strict-origin-when-cross-origin",
        xFrameOptions: "DENY",
        // HSTS only means something, and is only safe to promise, when served over HTTPS.
        strictTransportSecurity: context.publicUrl.startsWith("https://")
          ? "max-age=31536000; includeSubDomains"
          : false,
      }),
    ),
    // Answers about accounts and orders must not stay in a shared or back-button
    // cache; no API answer varies but by its encoding (compress says so too).
    onApi: [
      ["cache-control", "no-store"],
      ["vary", "Accept-Encoding"],
    ],
  });
}

import type { DocumentContentType } from "../../../shared/verification-input";

/** The file name ending of each document type the desk accepts. */
export const DOCUMENT_EXTENSIONS: Record<DocumentContentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/**
 * An identity document as an answer: never kept by a cache, shown inline, and
 * framable only by our own pages (the review shows PDFs in a frame). An image
 * runs in a sandbox with nothing allowed; a PDF is checked for scripts when taken.
 */
export function documentResponse(document: {
  contentType: DocumentContentType;
  bytes: Buffer;
  kind: string;
}): Response {
  const isPdf = document.contentType === "application/pdf";
  const policy = [
    "default-src 'none'",
    "img-src 'self'",
    "style-src 'unsafe-inline'",
    "frame-ancestors 'self'",
    ...(isPdf ? [] : ["sandbox"]),
  ].join("; ");
  return new Response(new Uint8Array(document.bytes), {
    status: 200,
    headers: {
      "content-type": document.contentType,
      "content-length": String(document.bytes.byteLength),
      "cache-control": "no-store",
      "content-disposition": `inline; filename="${document.kind}.${DOCUMENT_EXTENSIONS[document.contentType]}"`,
      "content-security-policy": policy,
      "x-frame-options": "SAMEORIGIN",
      "x-content-type-options": "nosniff",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}

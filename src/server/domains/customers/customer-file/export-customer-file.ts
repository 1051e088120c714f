import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { ZipFile } from "yazl";
import { languageOr } from "../../../../shared/languages";
import type { Actor } from "../../../platform/api/admin-actor";
import { recordAudit } from "../../../platform/audit-trail/audit";
import type { DocumentKeys } from "../../../platform/crypto/document-key";
import { readIndiaToday } from "../../../platform/db/india-day";
import type { DB } from "../../../platform/db/schema";
import { csvLine } from "../../../platform/http/csv";
import { AppError } from "../../../platform/http/errors";
import { accountSummaries } from "../../receiving-accounts/receiving-account-summary";
import { certificateFileName, tdsCertificatePdf } from "../../tax/certificates/tds-certificate-pdf";
import { readyTdsCertificates, type TdsCertificate } from "../../tax/certificates/tds-certificates";
import { customerDocuments, openCustomerDocument } from "./customer-documents";
import {
  AUDIT_COLUMNS,
  BLOCKLIST_HIT_COLUMNS,
  BlocklistHits,
  customerAuditPages,
  customerHoldPages,
  customerOrderPages,
  customerSalePages,
  HOLD_COLUMNS,
  ORDER_COLUMNS,
  SALE_COLUMN_HEADERS,
} from "./customer-file-records";
import { customerFileSummaryPdf, SUMMARY_RECENT_ORDERS } from "./customer-file-summary";
import { loadCustomerProfile, recentCustomerOrders } from "./customer-profile";
import { customerSignInPages, SIGN_IN_COLUMNS } from "./customer-sign-ins";

/** What each file of the archive holds, in the order they are written. */
export const CUSTOMER_FILE_ENTRIES = {
  "profile.json":
    "the account, identity verification (what was submitted, and a list of the documents) and order figures",
  "orders.csv": "every order, oldest first, with its statement line and payout check",
  "sell-orders.csv":
    "every sell order, oldest first: where its rupees went, how they were paid and the statement debit",
  "audit.csv": "every audit row about the customer or one of their orders or sell orders",
  "blocklist-hits.csv": "blocklist entries (in force or removed) the record matches",
  "holds.csv":
    "holds on the customer (with the note) and on their orders and sell orders (with the rules), released or not",
  "sign-ins.csv": "every sign-in since they were recorded, with its IP address and browser",
  "summary.pdf": "this summary",
} as const;

/** The folder of identity documents, in the file only when the admin asks for them. */
export const IDENTITY_FOLDER = {
  "identity/":
    "each identity document the customer uploaded, as stored, named by submission day and kind",
} as const;

/** The folder of the seller's TDS certificates, in the file when one is ready. */
export const TAX_CERTIFICATES_FOLDER = {
  "tax-certificates/":
    "the data of each TDS certificate ready for the seller (section 194S), as they download it in their language",
} as const;

/** A CSV stream that reads one page ahead of its reader at most. */
function csvStream(header: string[], pages: AsyncIterable<{ csv: string }>): Readable {
  async function* lines() {
    yield csvLine(header);
    for await (const page of pages) yield page.csv;
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}

/** The archive's name: rupeedesk-customer-<email's local part>-<India date>.zip. */
function customerFileName(email: string, now: Date) {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(now);
  const who = email.split("@")[0]?.replace(/[^A-Za-z0-9._-]/g, "_") || "customer";
  return `rupeedesk-customer-${who}-${day}.zip`;
}

/**
 * The customer's file as a ZIP, written while it is read: each list is read a
 * page at a time, as the archive's reader takes what came before, so a customer
 * with any number of orders costs the process a few pages of memory. The export
 * is audited (who, when) before the first byte goes out.
 */
export async function exportCustomerFile(
  db: Kysely<DB>,
  {
    actor,
    userId,
    logger,
    documentKeys,
  }: {
    actor: Actor;
    userId: string;
    logger: Logger;
    /** Given, the identity documents are opened into the file (identity/). */
    documentKeys?: DocumentKeys;
  },
) {
  const profile = await loadCustomerProfile(db, userId);
  if (!profile) throw new AppError(404, "USER_NOT_FOUND", "User not found.");
  const documents = documentKeys ? await openableDocuments(db, userId, documentKeys) : [];
  const today = await readIndiaToday(db);
  const certificates = await readyTdsCertificates(db, { userId, today });
  const exportedAt = new Date();
  await recordAudit(db, {
    actor: { id: actor.id, email: actor.email },
    action: "user.file_exported",
    target: { type: "user", id: userId },
    details: {
      email: profile.email,
      orders: profile.orders.total,
      sellOrders: profile.sellOrders.total,
      ...(documentKeys && { identityDocuments: documents.map((document) => document.id) }),
      ...(certificates.length > 0 && {
        taxCertificates: certificates.map((certificate) => certificate.period.id),
      }),
    },
    ipAddress: actor.ipAddress ?? null,
  });

  const accounts = await accountSummaries(db);
  const hits = new BlocklistHits(db);
  await hits.addAccount(profile);
  const zip = new ZipFile();
  const entry = { mtime: exportedAt };
  zip.addBuffer(Buffer.from(`${JSON.stringify(profile, null, 2)}\n`), "profile.json", entry);
  addRecordFiles(zip, entry, { db, userId, accounts, hits });
  // Each opened only when the archive comes to it: one document in memory at a time.
  for (const document of documents) {
    zip.addReadStreamLazy(document.path, entry, (done) => {
      openCustomerDocument(db, documentKeys as DocumentKeys, document.id).then(
        (bytes) => done(null, Readable.from([bytes])),
        (error: unknown) => done(error as Error, new Readable()),
      );
    });
  }
  addTaxCertificates(zip, entry, certificates, today);
  const entries: Record<string, string> = {
    ...CUSTOMER_FILE_ENTRIES,
    ...(documents.length > 0 && IDENTITY_FOLDER),
    ...(certificates.length > 0 && TAX_CERTIFICATES_FOLDER),
  };
  zip.addReadStreamLazy("summary.pdf", entry, (done) => {
    recentCustomerOrders(db, userId, SUMMARY_RECENT_ORDERS).then(
      (recentOrders) =>
        done(
          null,
          customerFileSummaryPdf({
            profile,
            recentOrders,
            blocklistHits: hits.list(),
            exportedAt,
            exportedBy: actor.email,
            files: Object.entries(entries).map(([name, holds]) => ({ name, holds })),
          }),
        ),
      (error: unknown) => done(error as Error, new Readable()),
    );
  });
  zip.end();
  return {
    fileName: customerFileName(profile.email, exportedAt),
    body: readAsWritten(zip, (error) =>
      logger.error({ err: error, userId }, "the customer file export failed"),
    ),
  };
}

/** Each ready TDS certificate's PDF, written when the archive comes to it, as the seller reads it. */
function addTaxCertificates(
  zip: ZipFile,
  entry: { mtime: Date },
  certificates: TdsCertificate[],
  today: string,
): void {
  for (const certificate of certificates) {
    const language = languageOr(certificate.deductee.language);
    zip.addReadStreamLazy(`tax-certificates/${certificateFileName(certificate)}`, entry, (done) =>
      done(null, tdsCertificatePdf(certificate, { language, preparedOn: today })),
    );
  }
}

/**
 * The customer's identity documents, each sealed under a key this process has: one
 * that is not is refused before the audit row and the first byte, not cut off in the
 * middle.
 */
async function openableDocuments(db: Kysely<DB>, userId: string, documentKeys: DocumentKeys) {
  const documents = await customerDocuments(db, userId);
  const unopenable = documents.find((document) => !documentKeys.byId.has(document.keyId));
  if (unopenable) {
    throw new AppError(
      409,
      "DOCUMENT_KEY_MISSING",
      `A document is sealed under key ${unopenable.keyId}, which is not configured: set it as DOCUMENT_KEY_PREVIOUS, or download the file without the documents.`,
    );
  }
  return documents;
}

/**
 * The record files, each a CSV read a page at a time when the archive comes to it.
 * The orders' pages collect the blocklist hits on the way, so blocklist-hits.csv is
 * written after orders.csv.
 */
function addRecordFiles(
  zip: ZipFile,
  entry: { mtime: Date },
  {
    db,
    userId,
    accounts,
    hits,
  }: {
    db: Kysely<DB>;
    userId: string;
    accounts: Awaited<ReturnType<typeof accountSummaries>>;
    hits: BlocklistHits;
  },
): void {
  async function* ordersCollectingHits() {
    for await (const page of customerOrderPages(db, userId, accounts)) {
      await hits.addOrders(page.rows);
      yield page;
    }
  }
  zip.addReadStreamLazy("orders.csv", entry, (done) =>
    done(null, csvStream(ORDER_COLUMNS, ordersCollectingHits())),
  );
  zip.addReadStreamLazy("sell-orders.csv", entry, (done) =>
    done(null, csvStream(SALE_COLUMN_HEADERS, customerSalePages(db, userId, accounts))),
  );
  zip.addReadStreamLazy("audit.csv", entry, (done) =>
    done(null, csvStream(AUDIT_COLUMNS, customerAuditPages(db, userId))),
  );
  zip.addReadStreamLazy("blocklist-hits.csv", entry, (done) =>
    done(null, Readable.from([csvLine(BLOCKLIST_HIT_COLUMNS), hits.csv()])),
  );
  zip.addReadStreamLazy("holds.csv", entry, (done) =>
    done(null, csvStream(HOLD_COLUMNS, customerHoldPages(db, userId))),
  );
  zip.addReadStreamLazy("sign-ins.csv", entry, (done) =>
    done(null, csvStream(SIGN_IN_COLUMNS, customerSignInPages(db, userId))),
  );
}

/** The archive as a web stream that pulls from it only as its reader reads. */
function readAsWritten(zip: ZipFile, onError: (error: Error) => void): ReadableStream<Uint8Array> {
  // yazl's own stream (a PassThrough) under its declared NodeJS.ReadableStream.
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => {
    onError(error);
    output.destroy(error);
  });
  const chunks = output[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(new Uint8Array(next.value as Buffer));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    // Nothing is read ahead of the reader beyond the streams' own small buffers.
    { highWaterMark: 0 },
  );
}

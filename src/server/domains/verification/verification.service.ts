import { randomUUID } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import type {
  DocumentContentType,
  VerificationDetails,
  VerificationDocument,
} from "../../../shared/verification-input";
import type { Actor } from "../../platform/api/admin-actor";
import { recordAudit } from "../../platform/audit/audit";
import { refuseOwnRecord } from "../../platform/audit/own-records";
import { type DocumentKeys, openDocument, sealDocument } from "../../platform/crypto/document-key";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { enqueue } from "../../platform/notifications/outbox";
import type { CheckedDocument } from "./check-document";
import {
  customerVerificationMessages,
  submissionAlert,
  type YearTotal,
  yearTotalMessages,
} from "./verification-messages";

const NOT_FOUND = () => new AppError(404, "USER_NOT_FOUND", "User not found.");
const ALREADY_VERIFIED = () =>
  new AppError(409, "ALREADY_VERIFIED", "Your identity is already verified.");
const WAITING = () =>
  new AppError(
    409,
    "VERIFICATION_WAITING",
    "We are reviewing what you sent. You can send again if we ask you to.",
  );

/** A submission's details and its documents' descriptions (never their bytes). */
async function submissionView(db: Kysely<DB>, submissionId: string) {
  const submission = await db
    .selectFrom("verification_submissions")
    .select([
      "id",
      "legal_name",
      "pan",
      sql<string>`date_of_birth::text`.as("date_of_birth"),
      "address",
      "address_document_kind",
      "submitted_at",
      "decision",
      "decided_at",
      "decision_note",
    ])
    .where("id", "=", submissionId)
    .executeTakeFirstOrThrow();
  const documents = await db
    .selectFrom("verification_documents")
    .select(["id", "kind", "content_type", "byte_size"])
    .where("submission_id", "=", submissionId)
    .orderBy("kind")
    .execute();
  return {
    id: submission.id,
    legalName: submission.legal_name,
    pan: submission.pan,
    dateOfBirth: submission.date_of_birth,
    address: submission.address,
    addressDocumentKind: submission.address_document_kind,
    submittedAt: submission.submitted_at.toISOString(),
    decision: submission.decision,
    decidedAt: submission.decided_at?.toISOString() ?? null,
    decisionNote: submission.decision_note,
    documents: documents.map((document) => ({
      id: document.id,
      kind: document.kind,
      contentType: document.content_type,
      byteSize: document.byte_size,
    })),
  };
}

/** The customer's own verification: what they were asked, what they sent, what was decided. */
export async function getOwnVerification(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("customer_verifications")
    .select(["status", "requested_at", "requested_note", "submission_id"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) {
    return {
      status: "not_needed" as const,
      requestedAt: null,
      requestNote: null,
      submission: null,
    };
  }
  return {
    status: row.status,
    requestedAt: row.requested_at?.toISOString() ?? null,
    requestNote: row.requested_note,
    submission: row.submission_id ? await submissionView(db, row.submission_id) : null,
  };
}

/**
 * Refuses a customer who may not submit now (verified, or a submission waits)
 * before their files are read: checking three documents (decoding images of up
 * to 50 megapixels) costs far more than this look, and repeating a refused upload
 * must not make the server do that work. submitVerification still decides.
 */
export async function refuseIfCannotSubmit(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("customer_verifications")
    .select("status")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (row?.status === "verified") throw ALREADY_VERIFIED();
  if (row?.status === "submitted") throw WAITING();
}

/**
 * Stores a submission with its documents, sealed, and puts it in the review queue;
 * refused while one waits for review or once verified. One statement moves the
 * status, so two submissions racing store one.
 */
export async function submitVerification(input: {
  db: Kysely<DB>;
  keys: DocumentKeys;
  notify: NotificationTargets;
  user: { id: string; email: string };
  details: VerificationDetails;
  documents: Record<VerificationDocument, CheckedDocument>;
}) {
  const { db, keys, user, details } = input;
  await db.transaction().execute(async (trx) => {
    const submission = await trx
      .insertInto("verification_submissions")
      .values({
        user_id: user.id,
        legal_name: details.legalName,
        pan: details.pan,
        date_of_birth: details.dateOfBirth,
        address: details.address,
        address_document_kind: details.addressDocumentKind,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const moved = await trx
      .insertInto("customer_verifications")
      .values({ user_id: user.id, status: "submitted", submission_id: submission.id })
      .onConflict((conflict) =>
        conflict
          .column("user_id")
          .doUpdateSet({
            status: "submitted",
            submission_id: submission.id,
            updated_at: sql`now()`,
          })
          // Only from these states may a customer submit.
          .where("customer_verifications.status", "in", ["requested", "rejected"]),
      )
      .returning("user_id")
      .executeTakeFirst();
    if (!moved) {
      const current = await trx
        .selectFrom("customer_verifications")
        .select("status")
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      throw current?.status === "verified" ? ALREADY_VERIFIED() : WAITING();
    }
    const rows = Object.entries(input.documents).map(([kind, document]) => {
      const id = randomUUID();
      const sealed = sealDocument(keys, { documentId: id, userId: user.id, kind }, document.bytes);
      return {
        id,
        submission_id: submission.id,
        kind: kind as VerificationDocument,
        content_type: document.contentType,
        byte_size: document.bytes.byteLength,
        key_id: sealed.keyId,
        iv: sealed.iv,
        auth_tag: sealed.authTag,
        ciphertext: sealed.ciphertext,
      };
    });
    await trx.insertInto("verification_documents").values(rows).execute();
    await enqueue(trx, submissionAlert(input.notify, { userId: user.id, email: user.email }));
  });
  return getOwnVerification(db, user.id);
}

async function customerOf(db: Kysely<DB>, userId: string) {
  const customer = await db
    .selectFrom("user")
    .select(["id", "email", "emailVerified", "language"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!customer) throw NOT_FOUND();
  return customer;
}

/**
 * An operator asks a customer to verify, with a note they read, or the desk does
 * (no actor) when the customer's orders of the year reach the set amount
 * (large-customers.ts): their next order then needs verification whatever its
 * amount (the order limits read `requested_at`). Audited; the customer gets a mail.
 */
export async function requestVerification(input: {
  db: Kysely<DB>;
  notify: NotificationTargets;
  actor: Actor | null;
  userId: string;
  note: string;
  yearTotal?: YearTotal;
}) {
  const { db, actor, note, yearTotal } = input;
  const customer = await customerOf(db, input.userId);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("customer_verifications")
      .values({
        user_id: customer.id,
        status: "requested",
        requested_at: sql`now()`,
        requested_by: actor?.id ?? null,
        requested_note: note || null,
      })
      .onConflict((conflict) =>
        conflict
          .column("user_id")
          .doUpdateSet({
            requested_at: sql`now()`,
            requested_by: actor?.id ?? null,
            requested_note: note || null,
            updated_at: sql`now()`,
          })
          .where("customer_verifications.status", "<>", "verified"),
      )
      .returning("status")
      .executeTakeFirst();
    if (!row) {
      throw new AppError(409, "ALREADY_VERIFIED", "This customer's identity is already verified.");
    }
    await recordAudit(trx, {
      actor,
      action: "verification.requested",
      target: { type: "user", id: customer.id },
      details: { email: customer.email, note, status: row.status, yearTotal },
      ipAddress: actor?.ipAddress,
    });
    const message = yearTotal
      ? yearTotalMessages(customer, input.notify, yearTotal)
      : customerVerificationMessages("requested", customer, input.notify, note);
    await enqueue(trx, message);
  });
  return getOwnVerification(db, customer.id);
}

/** Submissions waiting for review, oldest first. */
export async function listWaitingVerifications(db: Kysely<DB>) {
  const rows = await db
    .selectFrom("customer_verifications as v")
    .innerJoin("verification_submissions as s", "s.id", "v.submission_id")
    .innerJoin("user as u", "u.id", "v.user_id")
    .select(["v.user_id", "u.email", "s.legal_name", "s.submitted_at", "v.requested_at"])
    .where("v.status", "=", "submitted")
    .orderBy("s.submitted_at")
    .orderBy("v.user_id")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    legalName: row.legal_name,
    submittedAt: row.submitted_at.toISOString(),
    wasRequested: row.requested_at !== null,
  }));
}

/** The PAN names of those of these customers who are verified, by customer (issue 24, item 6). */
export async function verifiedNamesOf(
  db: Kysely<DB>,
  userIds: string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("customer_verifications")
    .select(["user_id", "verified_name"])
    .where("user_id", "in", [...new Set(userIds)])
    .where("status", "=", "verified")
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.verified_name ?? ""]));
}

/**
 * What the reviewer needs: the submission, the names the customer gave as payer
 * on their orders (to compare with the PAN name), other customers with this PAN.
 */
export async function getVerificationReview(db: Kysely<DB>, userId: string) {
  const customer = await customerOf(db, userId);
  const own = await getOwnVerification(db, userId);
  const payerNames = await db
    .selectFrom("orders")
    .select(["payer_name", (eb) => eb.fn.countAll<string>().as("orders")])
    .where("user_id", "=", userId)
    .where("payer_name", "is not", null)
    .groupBy("payer_name")
    .orderBy("orders", "desc")
    .limit(20)
    .execute();
  const samePan = own.submission
    ? await db
        .selectFrom("verification_submissions as s")
        .innerJoin("user as u", "u.id", "s.user_id")
        .select("u.email")
        .distinct()
        .where("s.pan", "=", own.submission.pan)
        .where("s.user_id", "<>", userId)
        .limit(10)
        .execute()
    : [];
  return {
    userId,
    email: customer.email,
    ...own,
    payerNames: payerNames.map((row) => ({
      name: row.payer_name as string,
      orders: Number(row.orders),
    })),
    otherCustomersWithPan: samePan.map((row) => row.email),
  };
}

/** Namespace of the advisory locks that make two approvals of one PAN take turns. */
const PAN_APPROVAL_LOCK = 0x7061_6e31; // "pan1"

/**
 * One person, one verified account: a second account verified with the same PAN would
 * give that person the higher limits twice over. Approvals of one PAN take turns (a
 * lock to the end of the transaction), so two approving at once cannot both pass.
 */
async function refusePanVerifiedElsewhere(trx: Transaction<DB>, userId: string, pan: string) {
  await sql`SELECT pg_advisory_xact_lock(${PAN_APPROVAL_LOCK}::int, hashtext(${pan}))`.execute(trx);
  const holder = await trx
    .selectFrom("customer_verifications as v")
    .innerJoin("verification_submissions as s", "s.id", "v.submission_id")
    .innerJoin("user as u", "u.id", "v.user_id")
    .select("u.email")
    .where("v.status", "=", "verified")
    .where("s.pan", "=", pan)
    .where("v.user_id", "<>", userId)
    .executeTakeFirst();
  if (holder) {
    throw new AppError(
      409,
      "PAN_VERIFIED_ELSEWHERE",
      `This PAN is verified on another account already (${holder.email}). One person has one verified account: reject this submission and ask them to use that account.`,
    );
  }
}

/**
 * Approves or rejects the submission the operator looked at (a newer one is not
 * decided by mistake). Audited; the customer gets a mail with the reason.
 */
export async function decideVerification(input: {
  db: Kysely<DB>;
  notify: NotificationTargets;
  actor: Actor;
  userId: string;
  submissionId: string;
  decision: "verified" | "rejected";
  note: string;
}) {
  const { db, actor, decision, note } = input;
  const customer = await customerOf(db, input.userId);
  refuseOwnRecord(actor, customer.id, "verification");
  await db.transaction().execute(async (trx) => {
    const submission = await trx
      .updateTable("verification_submissions")
      .set({ decision, decided_at: sql`now()`, decided_by: actor.id, decision_note: note || null })
      .where("id", "=", input.submissionId)
      .where("user_id", "=", customer.id)
      .where("decision", "is", null)
      .returning(["legal_name", "pan"])
      .executeTakeFirst();
    const moved = submission
      ? await trx
          .updateTable("customer_verifications")
          .set({
            status: decision,
            verified_name: decision === "verified" ? submission.legal_name : null,
            updated_at: sql`now()`,
          })
          .where("user_id", "=", customer.id)
          .where("submission_id", "=", input.submissionId)
          .where("status", "=", "submitted")
          .returning("user_id")
          .executeTakeFirst()
      : undefined;
    if (!submission || !moved) {
      throw new AppError(
        409,
        "NOT_WAITING",
        "This submission is not waiting for review any more. Reload to see where it stands.",
      );
    }
    if (decision === "verified") await refusePanVerifiedElsewhere(trx, customer.id, submission.pan);
    await recordAudit(trx, {
      actor,
      action: decision === "verified" ? "verification.approved" : "verification.rejected",
      target: { type: "user", id: customer.id },
      details: {
        email: customer.email,
        submissionId: input.submissionId,
        legalName: submission.legal_name,
        pan: submission.pan,
        note,
      },
      ipAddress: actor.ipAddress,
    });
    await enqueue(trx, customerVerificationMessages(decision, customer, input.notify, note));
  });
  return getVerificationReview(db, customer.id);
}

/**
 * A document's bytes, opened with its key: for an admin (every view audited) or for
 * its owner only (`ownerId`): another customer's document is not found.
 */
export async function readDocument(input: {
  db: Kysely<DB>;
  keys: DocumentKeys;
  documentId: string;
  ownerId?: string;
  viewer?: Actor;
}): Promise<{ contentType: DocumentContentType; bytes: Buffer; kind: string }> {
  const { db } = input;
  const row = await db
    .selectFrom("verification_documents as d")
    .innerJoin("verification_submissions as s", "s.id", "d.submission_id")
    .select([
      "d.id",
      "d.kind",
      "d.content_type",
      "d.key_id",
      "d.iv",
      "d.auth_tag",
      "d.ciphertext",
      "s.user_id",
    ])
    .where("d.id", "=", input.documentId)
    .$if(input.ownerId !== undefined, (query) =>
      query.where("s.user_id", "=", input.ownerId as string),
    )
    .executeTakeFirst();
  if (!row) throw new AppError(404, "DOCUMENT_NOT_FOUND", "No such document.");
  const bytes = openDocument(
    input.keys,
    { documentId: row.id, userId: row.user_id, kind: row.kind },
    { keyId: row.key_id, iv: row.iv, authTag: row.auth_tag, ciphertext: row.ciphertext },
  );
  if (input.viewer) {
    await recordAudit(db, {
      actor: input.viewer,
      action: "verification.document_viewed",
      target: { type: "user", id: row.user_id },
      details: { documentId: row.id, kind: row.kind },
      ipAddress: input.viewer.ipAddress,
    });
  }
  return { contentType: row.content_type, bytes, kind: row.kind };
}

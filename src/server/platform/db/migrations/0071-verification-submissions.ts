import { type Kysely, sql } from "kysely";

/*
 * What a customer submits to verify (issue 24), kept per submission so a
 * rejected one stays on record beside the next (PMLA: five years), and the
 * documents, sealed with AES-256-GCM (docs/decisions/034): key id, IV, tag and
 * ciphertext as bytea, so backups carry them. `customer_verifications` keeps
 * its meaning (migration 0070) and points at the submission under review or
 * decided last; `verified_name` is the PAN name once verified, which the
 * reconciliation's payer-name check reads by the customer's key.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE verification_submissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      legal_name text NOT NULL CHECK (length(legal_name) BETWEEN 2 AND 100),
      pan text NOT NULL CHECK (pan ~ '^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$'),
      date_of_birth date NOT NULL,
      address text NOT NULL CHECK (length(address) BETWEEN 10 AND 300),
      address_document_kind text NOT NULL
        CHECK (address_document_kind IN ('aadhaar_masked', 'passport', 'voter_id', 'driving_licence')),
      submitted_at timestamptz NOT NULL DEFAULT now(),
      decision text CHECK (decision IN ('verified', 'rejected')),
      decided_at timestamptz,
      decided_by text REFERENCES "user" (id) ON DELETE SET NULL,
      decision_note text CHECK (length(decision_note) <= 500),
      CHECK ((decision IS NULL) = (decided_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX verification_submissions_by_user ON verification_submissions (user_id, submitted_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX verification_submissions_by_pan ON verification_submissions (pan)`.execute(
    db,
  );
  await sql`
    CREATE TABLE verification_documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      submission_id uuid NOT NULL REFERENCES verification_submissions (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('panCard', 'addressDocument', 'selfie')),
      content_type text NOT NULL
        CHECK (content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
      byte_size integer NOT NULL CHECK (byte_size > 0),
      key_id text NOT NULL,
      iv bytea NOT NULL,
      auth_tag bytea NOT NULL,
      ciphertext bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (submission_id, kind)
    )`.execute(db);
  await sql`CREATE INDEX verification_documents_by_key ON verification_documents (key_id)`.execute(
    db,
  );
  await sql`
    ALTER TABLE customer_verifications
      ADD COLUMN submission_id uuid REFERENCES verification_submissions (id) ON DELETE SET NULL,
      ADD COLUMN verified_name text CHECK (length(verified_name) <= 100)`.execute(db);
  // The review queue: submissions waiting, oldest first.
  await sql`
    CREATE INDEX customer_verifications_waiting ON customer_verifications (updated_at)
     WHERE status = 'submitted'`.execute(db);
}

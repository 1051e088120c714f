import { type Kysely, sql } from "kysely";

/*
 * Reconciliation (docs/decisions/023): the bank statements imported for a
 * receiving account, their credits, and the column mapping of an account whose
 * bank layout is not a known one. Matching credits to orders is computed when it
 * is read, so an order placed after its payment was imported matches at once.
 */
export async function up(db: Kysely<unknown>) {
  await createStatementTables(db);
  await createPayerNameComparison(db);
}

/** The column mappings, the imports and their credit lines, with the indexes that read them. */
async function createStatementTables(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE statement_column_mappings (
      receiving_account_id uuid PRIMARY KEY REFERENCES receiving_accounts (id),
      mapping jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE statement_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      receiving_account_id uuid NOT NULL REFERENCES receiving_accounts (id),
      file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
      -- The first and last value dates of the file: the days it covers.
      first_value_date date NOT NULL,
      last_value_date date NOT NULL CHECK (last_value_date >= first_value_date),
      credits_read integer NOT NULL,
      credits_added integer NOT NULL,
      debits_read integer NOT NULL,
      imported_by text REFERENCES "user" (id),
      imported_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE INDEX statement_imports_account_recent
      ON statement_imports (receiving_account_id, imported_at DESC)`.execute(db);

  // A credit of a statement. line_key is the bank's reference (UTR/RRN) when the
  // narration or reference column holds one, else a fingerprint of the line, so
  // importing the same or an overlapping statement again adds only new credits.
  await sql`
    CREATE TABLE statement_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      receiving_account_id uuid NOT NULL REFERENCES receiving_accounts (id),
      import_id uuid NOT NULL REFERENCES statement_imports (id),
      line_number integer NOT NULL,
      value_date date NOT NULL,
      amount numeric(14, 2) NOT NULL CHECK (amount > 0),
      narration text NOT NULL,
      line_key text NOT NULL,
      reference text CHECK (reference IS NULL OR reference = line_key),
      payer_name text,
      -- What an operator decided about it: verified (its order moved on), accepted
      -- (a mismatch or third-party payment taken), dismissed (handled otherwise).
      decision text CHECK (decision IN ('verified', 'accepted', 'dismissed')),
      decision_note text,
      decided_by text REFERENCES "user" (id),
      decided_at timestamptz,
      order_id uuid REFERENCES orders (id),
      CONSTRAINT statement_lines_account_key UNIQUE (receiving_account_id, line_key),
      CHECK ((decision IS NULL) = (decided_at IS NULL))
    )`.execute(db);
  // What is still to reconcile: the lines nobody decided about yet.
  await sql`
    CREATE INDEX statement_lines_open ON statement_lines (receiving_account_id, value_date)
      WHERE decision IS NULL`.execute(db);
  // An account's pending orders, for those whose money was not received.
  await sql`CREATE INDEX orders_pending_by_account ON orders (receiving_account_id, created_at)
      WHERE status = 'pending'`.execute(db);
  await sql`CREATE UNIQUE INDEX statement_lines_order ON statement_lines (order_id)
      WHERE order_id IS NOT NULL`.execute(db);
}

async function createPayerNameComparison(db: Kysely<unknown>) {
  // Payer names compared as people write them: case, spacing and punctuation
  // aside, in any order, an initial standing for a name ("R KUMAR" is "RAHUL
  // KUMAR"), a name cut short by the bank ("RAHUL KUMA") for the whole; at least
  // one whole name must agree, and every part of the shorter name must be found.
  await sql`
    CREATE FUNCTION payer_name_parts(name text) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(part ORDER BY length(part) DESC, part), '{}')
          FROM regexp_split_to_table(upper(regexp_replace(coalesce(name, ''), '[^A-Za-z]+', ' ', 'g')), ' ') AS part
         WHERE part <> '' AND part NOT IN ('MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SMT', 'KUM', 'MASTER')
      $$`.execute(db);
  await sql`
    CREATE FUNCTION payer_names_agree(a text, b text) RETURNS boolean
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE
        parts_a text[] := payer_name_parts(a);
        parts_b text[] := payer_name_parts(b);
        shorter text[];
        longer text[];
        part text;
        other text;
        i integer;
        found boolean;
        whole_name_agrees boolean := false;
      BEGIN
        -- Nothing to compare (a cash deposit, an order from before payer names).
        IF cardinality(parts_a) = 0 OR cardinality(parts_b) = 0 THEN RETURN true; END IF;
        IF array_to_string(parts_a, '') = array_to_string(parts_b, '') THEN RETURN true; END IF;
        -- "RAHULKUMAR" is "RAHUL KUMAR".
        IF upper(regexp_replace(a, '[^A-Za-z]+', '', 'g')) = upper(regexp_replace(b, '[^A-Za-z]+', '', 'g')) THEN
          RETURN true;
        END IF;
        IF cardinality(parts_a) <= cardinality(parts_b) THEN
          shorter := parts_a; longer := parts_b;
        ELSE
          shorter := parts_b; longer := parts_a;
        END IF;
        -- Whole names first (parts are ordered longest first), so an initial never takes a name a whole name needs.
        FOREACH part IN ARRAY shorter LOOP
          found := false;
          FOR i IN 1 .. cardinality(longer) LOOP
            other := longer[i];
            CONTINUE WHEN other IS NULL;
            IF part = other
               OR (length(part) = 1 AND left(other, 1) = part)
               OR (length(other) = 1 AND left(part, 1) = other)
               OR (length(part) >= 3 AND length(other) >= 3
                   AND (left(other, length(part)) = part OR left(part, length(other)) = other)) THEN
              IF length(part) > 1 AND length(other) > 1 THEN whole_name_agrees := true; END IF;
              longer[i] := NULL;
              found := true;
              EXIT;
            END IF;
          END LOOP;
          IF NOT found THEN RETURN false; END IF;
        END LOOP;
        RETURN whole_name_agrees;
      END
      $$`.execute(db);
}

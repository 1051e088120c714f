import { type Kysely, sql } from "kysely";

/*
 * payer_name_parts (migration 0040) in PL/pgSQL: the same parts in the same order
 * (longest first, then alphabetical), without starting a SQL query for every name.
 * The groups' read calls it twice for each credit whose payer name is not the
 * order's word for word: on 15,000 such credits 0.43 → 0.25 s on PGlite
 * (docs/benchmarks.md).
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE OR REPLACE FUNCTION payer_name_parts(name text) RETURNS text[]
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE
        parts text[] := '{}';
        part text;
        i integer;
      BEGIN
        FOREACH part IN ARRAY string_to_array(upper(regexp_replace(coalesce(name, ''), '[^A-Za-z]+', ' ', 'g')), ' ') LOOP
          CONTINUE WHEN part = '' OR part = ANY ('{MR,MRS,MS,MISS,DR,SHRI,SMT,KUM,MASTER}'::text[]);
          -- Insertion sort: a name has a handful of parts.
          i := cardinality(parts);
          WHILE i >= 1 AND (length(parts[i]) < length(part)
                            OR (length(parts[i]) = length(part) AND parts[i] > part)) LOOP
            parts[i + 1] := parts[i];
            i := i - 1;
          END LOOP;
          parts[i + 1] := part;
        END LOOP;
        RETURN parts;
      END
      $$`.execute(db);
}

import { type Kysely, sql } from "kysely";

/*
 * Every sign-in, with the address and browser it came from (decision 033, later): a
 * session row goes when it ends, but the police asking about a frozen credit ask for
 * the customer's IP addresses, and the PML Rules keep records five years. Kept with the
 * customer's records and removed by the retention purge with their sessions.
 */
export async function up(db: Kysely<unknown>) {
  await sql`
    CREATE TABLE sign_ins (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      ip_address text CHECK (char_length(ip_address) <= 100),
      user_agent text CHECK (char_length(user_agent) <= 500),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sign_ins_by_user ON sign_ins (user_id, id)`.execute(db);
}

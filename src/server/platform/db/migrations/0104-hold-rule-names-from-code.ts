import { type Kysely, sql } from "kysely";

/*
 * The hold rules are modules of the orders domain (domains/orders/rules/), and their
 * names are theirs: an order's hold keeps one or more names in the modules' form,
 * and a new rule needs no migration of its own.
 */
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE order_holds
    DROP CONSTRAINT order_holds_rules_check,
    ADD CONSTRAINT order_holds_rules_check CHECK (cardinality(rules) > 0
      AND array_to_string(rules, ',') ~ '^[a-z][a-z_]*(,[a-z][a-z_]*)*$')`.execute(db);
}

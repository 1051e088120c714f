import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema";
import { AppError } from "../../platform/http/errors";

const NOT_FOUND = () => new AppError(404, "USER_NOT_FOUND", "User not found.");

export async function customerOf(db: Kysely<DB>, userId: string) {
  const customer = await db
    .selectFrom("user")
    .select(["id", "email", "emailVerified", "language"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!customer) throw NOT_FOUND();
  return customer;
}

import { sql, type Transaction } from "kysely";
import { SYSTEM_ORDER_NOTES } from "../../../shared/order-notes";
import type { SessionUser } from "../../platform/api/session";
import { recordAudit } from "../../platform/audit-trail/audit";
import type { ChainConfig } from "../../platform/config/chain-config";
import type { Database } from "../../platform/db/database";
import type { DB, StatementLineDecision } from "../../platform/db/schema";
import type { OrderAnnouncer } from "../../platform/events/order-changes";
import { AppError } from "../../platform/http/errors";
import type { NotificationTargets } from "../../platform/notifications/operator-messages";
import { changeOrderStatus } from "../order-desk/buy/change-order-status";
import { holdsOfOrders } from "../order-desk/buy/order-holds";
import { blockedCredits } from "../risk/blocklist.service";
import { type ClassifiedLine, classifyLine, linesInGroup } from "./match-statement-lines";

type Services = {
  db: Database;
  admin: Pick<SessionUser, "id" | "email">;
  ipAddress?: string | null;
  notify: NotificationTargets;
  announcer: OrderAnnouncer;
  chains: ChainConfig;
};

/** The statement line as the audit entry of its order names it. */
async function auditedLine(trx: Transaction<DB>, line: ClassifiedLine, lineId: string) {
  const statement = await trx
    .selectFrom("statement_imports")
    .select("file_name")
    .where("id", "=", line.import_id)
    .executeTakeFirstOrThrow();
  return {
    id: lineId,
    file: statement.file_name,
    line: line.line_number,
    valueDate: line.value_date,
    amount: line.amount,
    reference: line.reference,
    payerName: line.payer_name,
  };
}

/**
 * Moves one pending order to processing because of its statement line, through
 * the order status service (event, audit entry, live update). Inside its
 * transaction, with the order locked, the line must still be open and still in one
 * of `groups` with this order: an order another operator cancelled meanwhile, or a
 * line decided meanwhile, is refused with 409 and nothing changes.
 */
async function moveOrderForLine(
  services: Services,
  lineId: string,
  orderId: string,
  groups: readonly ClassifiedLine["group"][],
  decision: StatementLineDecision,
  decisionNote: string | null,
) {
  const { admin } = services;
  return changeOrderStatus({
    ...services,
    orderId,
    // The customer reads this on the order's timeline; an operator's note on the
    // decision is the desk's (a third party's name, a bank's flag): kept on the
    // statement line and in the audit log only.
    input: { status: "processing", note: SYSTEM_ORDER_NOTES.verifiedByStatement },
    alsoInTransaction: async (trx, order) => {
      const line = await classifyLine(trx, lineId);
      if (!line || line.order_id !== order.id || !groups.includes(line.group)) {
        throw new AppError(
          409,
          "RECONCILIATION_CHANGED",
          "This line or its order changed meanwhile (decided, cancelled or moved on). Reload to see where it is now.",
        );
      }
      const decided = await trx
        .updateTable("statement_lines")
        .set({
          decision,
          decision_note: decisionNote,
          decided_by: admin.id,
          decided_at: sql`now()`,
          order_id: order.id,
        })
        .where("id", "=", lineId)
        .where("decision", "is", null)
        .executeTakeFirst();
      if (decided.numUpdatedRows !== 1n) {
        throw new AppError(409, "RECONCILIATION_CHANGED", "This line was decided meanwhile.");
      }
      return {
        statementLine: await auditedLine(trx, line, lineId),
        reconciliation: decision,
        ...(decisionNote ? { decisionNote } : {}),
      };
    },
  });
}

/**
 * "Verify all matched": every pending order of the account whose credit has its
 * reference, its amount and its payer moves to processing, one order at a time
 * through the order status service. An order that changed meanwhile is skipped
 * and counted, not an error for the others. A credit whose payer is on the
 * blocklist, or for an order on hold, is left for an operator to look at, and
 * counted; so is the admin's own order, for another admin (own-records.ts).
 */
export async function verifyAllMatched(services: Services, accountId: string) {
  const matched = await linesInGroup(services.db, accountId, "matched");
  const isBlocked = await blockedCredits(services.db, matched);
  const open = matched.filter((pair) => !isBlocked(pair));
  // A held order is verified by an operator who looked at it, one at a time. Holds are
  // written only with their order and only released after, so none appears meanwhile.
  const holds = await holdsOfOrders(
    services.db,
    open.map((pair) => pair.orderId),
  );
  const pairs = open.filter((pair) => !holds.has(pair.orderId));
  let verified = 0;
  let skipped = 0;
  let ownOrders = 0;
  for (const { lineId, orderId } of pairs) {
    try {
      await moveOrderForLine(services, lineId, orderId, ["matched"], "verified", null);
      verified += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === "OWN_RECORD") ownOrders += 1;
      else if (error instanceof AppError && error.status === 409) skipped += 1;
      else throw error;
    }
  }
  return {
    verified,
    skipped,
    blockedPayers: matched.length - open.length,
    heldOrders: open.length - pairs.length,
    ownOrders,
  };
}

/** The groups whose credit an operator may take as the order's payment, with a note. */
const ACCEPTABLE_GROUPS: readonly ClassifiedLine["group"][] = [
  "mismatch",
  "thirdParty",
  "payerUnknown",
  "otherAccount",
];

/**
 * An operator's decision about a mismatch, a third-party payment, a payment into
 * another account or an unclaimed credit, with a note: accept (the order moves to processing, as verified) or
 * dismiss (handled otherwise: refunded, a customer asked to place another order).
 */
export async function decideStatementLine(
  services: Services,
  lineId: string,
  { decision, note }: { decision: "accept" | "dismiss"; note: string },
) {
  const line = await classifyLine(services.db, lineId);
  if (!line) {
    throw new AppError(
      404,
      "NOT_FOUND",
      "No open statement line with this id: it may be decided already.",
    );
  }
  if (decision === "accept") {
    if (!ACCEPTABLE_GROUPS.includes(line.group) || line.order_id === null) {
      throw new AppError(
        409,
        "NOT_DECIDABLE",
        "Only a mismatch, a third-party payment or a payment into another account can be accepted; a matched line is verified, an unclaimed one has no order.",
      );
    }
    await moveOrderForLine(services, lineId, line.order_id, [line.group], "accepted", note);
    return { lineId, decision: "accepted" as const };
  }
  await services.db.transaction().execute(async (trx) => {
    const dismissed = await trx
      .updateTable("statement_lines")
      .set({
        decision: "dismissed",
        decision_note: note,
        decided_by: services.admin.id,
        decided_at: sql`now()`,
      })
      .where("id", "=", lineId)
      .where("decision", "is", null)
      .executeTakeFirst();
    if (dismissed.numUpdatedRows !== 1n) {
      throw new AppError(409, "RECONCILIATION_CHANGED", "This line was decided meanwhile.");
    }
    await recordAudit(trx, {
      actor: services.admin,
      action: "statement_line.dismissed",
      target: { type: "receiving_account", id: line.receiving_account_id },
      details: {
        statementLine: await auditedLine(trx, line, lineId),
        group: line.group,
        orderId: line.order_id,
        note,
      },
      ipAddress: services.ipAddress,
    });
  });
  return { lineId, decision: "dismissed" as const };
}

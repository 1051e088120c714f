import { createRoute, z } from "@hono/zod-openapi";
import {
  adminPlaceOrderInputSchema,
  changeOrderStatusInputSchema,
  noteSchema,
} from "../../../shared/admin-order-input";
import type { AppContext } from "../../platform/api/app-context";
import {
  ADMIN_ONLY_RESPONSES,
  createRouter,
  errorResponse,
  jsonContent,
  searchTextSchema,
} from "../../platform/api/router";
import type { Database } from "../../platform/db/database";
import { clientIp } from "../../platform/http/client-ip";
import { requestedPageCursor } from "../../platform/http/page-cursor";
import { createAdminOrder } from "../orders/create-admin-order";
import { idempotencyKeyParameter, requestIdempotencyKey } from "../orders/idempotency";
import { orderEventSchema, orderSchema, statusSchema } from "../orders/order-schemas";
import { isOrderId, type OrderRow, toOrderEventView, toOrderView } from "../orders/order-view";
import { HOLD_RULE_NAMES } from "../orders/rules/hold-rules";
import { changeOrderStatus } from "../payouts/change-order-status";
import {
  overridePayoutCheck,
  type PayoutCheckRow,
  payoutChecksOf,
  retryPayoutCheck,
  toPayoutCheckView,
} from "../payouts/payout-checks";
import {
  accountSummaries,
  type ReceivingAccountSummary,
} from "../receiving-accounts/receiving-account-summary";
import { holdsOfOrders, type OrderHoldView } from "../risk/holds.service";
import { verifiedNamesOf } from "../verification/verification.service";
import { getAdminOrder, iterateAdminOrders, listAdminOrders } from "./list-admin-orders";
import { CSV_MAX_ROWS, csvFileName, ORDER_CSV_HEADER, orderCsvLine } from "./orders-csv";

const adminOrderSchema = orderSchema
  .extend({
    userId: z.string(),
    userEmail: z.string(),
    customerVerifiedName: z
      .string()
      .nullable()
      .describe("The customer's PAN name once their identity is verified: their name too"),
    receivingAccount: z
      .object({ id: z.uuid(), label: z.string(), details: z.string() })
      .nullable()
      .describe("Where the customer was told to pay; null on orders an admin placed"),
    payoutCheck: z
      .object({
        state: z.enum(["checking", "awaiting_confirmations", "failed", "confirmed", "overridden"]),
        payoutTxHash: z.string(),
        failureCode: z.string().nullable(),
        failureMessage: z.string().nullable(),
        updatedAt: z.string(),
      })
      .nullable()
      .describe(
        "The on-chain check of the payout hash entered for this order; null when none was made",
      ),
    hold: z
      .object({
        rules: z.array(z.enum(HOLD_RULE_NAMES)),
        since: z.string(),
        customerNote: z.string().nullable(),
      })
      .nullable()
      .describe(
        "On hold for an operator's look (not verified in bulk), and the rules that held it; null when not held or released",
      ),
  })
  .openapi("AdminOrder");

const adminOrderEventSchema = orderEventSchema
  .extend({
    actorEmail: z.string().nullable(),
    payoutCheck: z
      .string()
      .nullable()
      .describe(
        "The payout check's step this event records: checking, awaiting_confirmations, confirmed, not_checked, overridden, or a failure code",
      ),
    staffOnly: z.boolean().describe("Not shown on the customer's timeline"),
  })
  .openapi("AdminOrderEvent");

const filterQuery = z.object({
  status: statusSchema.optional().openapi({ description: "Only orders in this status" }),
  search: searchTextSchema("Search").openapi({
    description:
      "Part of the customer's e-mail (any case), the order id or its first 8+ characters, or the exact payment reference",
  }),
  receivingAccountId: z
    .uuid({ error: "This is not a receiving account id." })
    .optional()
    .openapi({ description: "Only orders paid into this receiving account" }),
});

const listOrdersRoute = createRoute({
  method: "get",
  path: "/api/admin/orders",
  tags: ["Admin"],
  summary: "All orders, newest first, a page at a time; filter by status, search",
  request: {
    query: filterQuery
      .extend({
        cursor: z.string().max(200).optional(),
        limit: z.coerce.number().int().min(1).max(100).optional(),
        order: z
          .enum(["newest", "oldest"], { error: "The order is newest or oldest." })
          .optional()
          .openapi({ description: "`oldest`: the longest-waiting first (the work queue)" }),
      })
      .refine((query) => query.order !== "oldest" || !query.search, {
        path: ["order"],
        error: "A search lists the newest first; clear the search to see the oldest first.",
      }),
  },
  responses: {
    200: {
      description: "A page of orders",
      content: jsonContent(
        z.object({ orders: z.array(adminOrderSchema), nextCursor: z.string().nullable() }),
      ),
    },
    400: errorResponse("A malformed filter or cursor"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const exportOrdersRoute = createRoute({
  method: "get",
  path: "/api/admin/orders/export.csv",
  tags: ["Admin"],
  summary: "The filtered order list as a CSV file",
  description: `Newest first, at most ${CSV_MAX_ROWS} rows, with a header row. Cells a spreadsheet would read as a formula start with a single quote.`,
  request: { query: filterQuery },
  responses: {
    200: {
      description: "A CSV attachment",
      content: { "text/csv": { schema: z.string() } },
    },
    400: errorResponse("A malformed filter"),
    ...ADMIN_ONLY_RESPONSES,
  },
});

const placeOrderRoute = createRoute({
  method: "post",
  path: "/api/admin/orders",
  tags: ["Admin"],
  summary: "Place an order for a customer ('Place a New Order')",
  parameters: [
    idempotencyKeyParameter(
      "One per submission of the form: repeating the request with the same key returns the first order",
    ),
  ],
  request: { body: { content: jsonContent(adminPlaceOrderInputSchema), required: true } },
  responses: {
    201: { description: "The order was placed", content: jsonContent(adminOrderSchema) },
    200: {
      description: "The same idempotency key placed this order before",
      content: jsonContent(adminOrderSchema),
    },
    400: errorResponse("Invalid input, no user with this e-mail, or a blocked user"),
    ...ADMIN_ONLY_RESPONSES,
    409: errorResponse("The payment reference was used already"),
    422: errorResponse(
      "The idempotency key was used before for an order with other details, the customer is the admin placing it (`ORDER_FOR_SELF`), or the receive amount is more than 5% above the rate in force's (`RECEIVE_AMOUNT_TOO_HIGH`, with `quotedReceiveAmount`)",
    ),
  },
});

const getOrderRoute = createRoute({
  method: "get",
  path: "/api/admin/orders/{id}",
  tags: ["Admin"],
  summary: "One order with its timeline and who made each change",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    200: {
      description: "The order",
      content: jsonContent(adminOrderSchema.extend({ events: z.array(adminOrderEventSchema) })),
    },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order"),
  },
});

const changeStatusRoute = createRoute({
  method: "post",
  path: "/api/admin/orders/{id}/status",
  tags: ["Admin"],
  summary: "Set an order's status (from any status), optionally with the payout hash",
  description:
    "`payoutTxHash` only with `completed`: the transaction hash on the order's network, or the e-wallet provider's transfer reference. `note` is shown to the customer on the order's timeline. A USDT payout on a network with a chain endpoint is checked on chain first: the answer is then 202 with the order unchanged and `payoutCheck.state` `checking`; the order closes once the chain confirms.",
  request: {
    params: z.object({ id: z.string().max(100) }),
    body: { content: jsonContent(changeOrderStatusInputSchema), required: true },
  },
  responses: {
    200: { description: "The order after the change", content: jsonContent(adminOrderSchema) },
    202: {
      description: "The payout is being checked on chain; the order closes when it is confirmed",
      content: jsonContent(adminOrderSchema),
    },
    400: errorResponse("Invalid status, note or payout hash"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order"),
    409: errorResponse("The order already has this status, or the hash is another wallet's"),
  },
});

const noFailedCheck = errorResponse(
  "The order's payout check has not failed (nothing to retry or override)",
);

const retryPayoutCheckRoute = createRoute({
  method: "post",
  path: "/api/admin/orders/{id}/payout-check/retry",
  tags: ["Admin"],
  summary: "Check a failed payout on chain again",
  request: { params: z.object({ id: z.string().max(100) }) },
  responses: {
    202: { description: "The check is queued again", content: jsonContent(adminOrderSchema) },
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order"),
    409: noFailedCheck,
  },
});

const overridePayoutCheckRoute = createRoute({
  method: "post",
  path: "/api/admin/orders/{id}/payout-check/override",
  tags: ["Admin"],
  summary: "Close an order whose payout check failed, on the admin's word",
  description:
    "The note (why the chain's answer is overruled) is required and audited with the failure; it is not shown to the customer. A transfer that already paid another order cannot be overridden.",
  request: {
    params: z.object({ id: z.string().max(100) }),
    body: {
      content: jsonContent(
        z.object({
          note: noteSchema.pipe(
            z.string({ error: "Say why the payout is good although the chain check failed." }),
          ),
        }),
      ),
      required: true,
    },
  },
  responses: {
    200: { description: "The order, completed", content: jsonContent(adminOrderSchema) },
    400: errorResponse("No note, or a note that cannot be stored"),
    ...ADMIN_ONLY_RESPONSES,
    404: errorResponse("No such order"),
    409: noFailedCheck,
  },
});

function toAdminOrderView(
  order: OrderRow,
  accounts: Map<string, ReceivingAccountSummary>,
  checks: Map<string, PayoutCheckRow>,
  verifiedNames: Map<string, string>,
  holds: Map<string, OrderHoldView>,
) {
  const check = checks.get(order.id);
  return {
    ...toOrderView(order),
    userId: order.user_id,
    userEmail: order.user_email,
    customerVerifiedName: verifiedNames.get(order.user_id) ?? null,
    receivingAccount: accounts.get(order.receiving_account_id ?? "") ?? null,
    payoutCheck: check ? toPayoutCheckView(check) : null,
    hold: holds.get(order.id) ?? null,
  };
}

/** Orders as the desk sees them, with their receiving accounts, payout checks, verified names and holds. */
async function adminOrderViews(db: Database, orders: OrderRow[]) {
  const ids = orders.map((order) => order.id);
  const [accounts, checks, verifiedNames, holds] = await Promise.all([
    accountSummaries(db),
    payoutChecksOf(db, ids),
    verifiedNamesOf(
      db,
      orders.map((order) => order.user_id),
    ),
    holdsOfOrders(db, ids),
  ]);
  return orders.map((order) => toAdminOrderView(order, accounts, checks, verifiedNames, holds));
}

async function adminOrderView(db: Database, order: OrderRow) {
  const [view] = await adminOrderViews(db, [order]);
  return view as NonNullable<typeof view>;
}

export function createAdminOrdersRouter(context: AppContext) {
  const { db } = context;
  return (
    createRouter()
      .openapi(listOrdersRoute, async (c) => {
        const { cursor: cursorText, limit, order, ...rest } = c.req.valid("query");
        const filter = { ...rest, oldestFirst: order === "oldest" };
        const cursor = requestedPageCursor(cursorText, isOrderId);
        const page = await listAdminOrders(db, filter, { cursor, limit });
        return c.json(
          { orders: await adminOrderViews(db, page.orders), nextCursor: page.nextCursor },
          200,
        );
      })
      // Before /{id}, which would otherwise take "export.csv" for an id.
      .openapi(exportOrdersRoute, async (c) => {
        const rows = iterateAdminOrders(db, c.req.valid("query"), { maxRows: CSV_MAX_ROWS });
        const accounts = await accountSummaries(db);
        const encoder = new TextEncoder();
        let isHeaderSent = false;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (!isHeaderSent) {
              isHeaderSent = true;
              controller.enqueue(encoder.encode(ORDER_CSV_HEADER));
              return;
            }
            try {
              const next = await rows.next();
              if (next.done) controller.close();
              else controller.enqueue(encoder.encode(orderCsvLine(next.value, accounts)));
            } catch (error) {
              context.logger.error({ err: error }, "order export failed");
              controller.error(error);
            }
          },
          async cancel() {
            await rows.return(undefined);
          },
        });
        return c.body(body, 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${csvFileName()}"`,
          "cache-control": "no-store",
        });
      })
      .openapi(placeOrderRoute, async (c) => {
        const { order, isReplay } = await createAdminOrder({
          db,
          admin: c.var.user,
          input: c.req.valid("json"),
          idempotencyKey: requestIdempotencyKey(c),
          ipAddress: clientIp(c, context.trustProxy),
          notify: context.notificationTargets,
          announcer: context.announcer,
        });
        return c.json(await adminOrderView(db, order), isReplay ? 200 : 201);
      })
      .openapi(getOrderRoute, async (c) => {
        const found = await getAdminOrder(db, c.req.valid("param").id);
        if (!found) return c.json({ error: "Order not found", code: "NOT_FOUND" }, 404);
        return c.json(
          {
            ...(await adminOrderView(db, found.order)),
            events: found.events.map((event) => ({
              ...toOrderEventView(event),
              actorEmail: event.actor_email,
              payoutCheck: event.payout_check,
              staffOnly: event.staff_only,
            })),
          },
          200,
        );
      })
      .openapi(changeStatusRoute, async (c) => {
        const { order, isCheckingOnChain } = await changeOrderStatus({
          db,
          admin: c.var.user,
          orderId: c.req.valid("param").id,
          input: c.req.valid("json"),
          ipAddress: clientIp(c, context.trustProxy),
          notify: context.notificationTargets,
          announcer: context.announcer,
          chains: context.chains,
        });
        return c.json(await adminOrderView(db, order), isCheckingOnChain ? 202 : 200);
      })
      .openapi(retryPayoutCheckRoute, async (c) => {
        const order = await retryPayoutCheck({
          db,
          admin: c.var.user,
          orderId: c.req.valid("param").id,
          ipAddress: clientIp(c, context.trustProxy),
          announcer: context.announcer,
        });
        return c.json(await adminOrderView(db, order), 202);
      })
      .openapi(overridePayoutCheckRoute, async (c) => {
        const order = await overridePayoutCheck({
          db,
          admin: c.var.user,
          orderId: c.req.valid("param").id,
          reason: c.req.valid("json").note,
          ipAddress: clientIp(c, context.trustProxy),
          notify: context.notificationTargets,
          announcer: context.announcer,
        });
        return c.json(await adminOrderView(db, order), 200);
      })
  );
}

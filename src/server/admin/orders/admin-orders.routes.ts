import { createRoute, z } from "@hono/zod-openapi";
import {
  adminPlaceOrderInputSchema,
  changeOrderStatusInputSchema,
  hasControlCharacters,
} from "../../../shared/admin-order-input";
import type { AppContext } from "../../context";
import { clientIp } from "../../http/client-ip";
import { AppError } from "../../http/errors";
import { createRouter, errorResponse } from "../../http/router";
import { decodeCursor } from "../../orders/customer-orders";
import { type OrderRow, toOrderEventView, toOrderView } from "../../orders/order-view";
import { orderEventSchema, orderSchema, statusSchema } from "../../orders/orders.routes";
import {
  accountSummaries,
  type ReceivingAccountSummary,
} from "../../orders/receiving-account-summary";
import { changeOrderStatus } from "./change-order-status";
import { createAdminOrder } from "./create-admin-order";
import { getAdminOrder, iterateAdminOrders, listAdminOrders } from "./list-admin-orders";
import { CSV_MAX_ROWS, csvFileName, ORDER_CSV_HEADER, orderCsvLine } from "./orders-csv";

const adminOrderSchema = orderSchema
  .extend({
    userId: z.string(),
    userEmail: z.string(),
    receivingAccount: z
      .object({ id: z.uuid(), label: z.string(), details: z.string() })
      .nullable()
      .describe("Where the customer was told to pay; null on orders an admin placed"),
  })
  .openapi("AdminOrder");

const adminOrderEventSchema = orderEventSchema
  .extend({ actorEmail: z.string().nullable() })
  .openapi("AdminOrderEvent");

const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });
const adminOnly = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an administrator, or not stepped up"),
};

const filterQuery = z.object({
  status: statusSchema.optional().openapi({ description: "Only orders in this status" }),
  search: z
    .string()
    .max(200)
    .refine((text) => !hasControlCharacters(text), {
      error: "The search contains a control character.",
    })
    .optional()
    .openapi({
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
    query: filterQuery.extend({
      cursor: z.string().max(200).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: {
      description: "A page of orders",
      content: json(
        z.object({ orders: z.array(adminOrderSchema), nextCursor: z.string().nullable() }),
      ),
    },
    400: errorResponse("A malformed filter or cursor"),
    ...adminOnly,
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
    ...adminOnly,
  },
});

const placeOrderRoute = createRoute({
  method: "post",
  path: "/api/admin/orders",
  tags: ["Admin"],
  summary: "Place an order for a customer ('Place a New Order')",
  request: {
    headers: z.object({
      "idempotency-key": z.string().min(8).max(100).optional().openapi({
        description:
          "One per submission of the form: repeating the request with the same key returns the first order",
      }),
    }),
    body: { content: json(adminPlaceOrderInputSchema), required: true },
  },
  responses: {
    201: { description: "The order was placed", content: json(adminOrderSchema) },
    200: {
      description: "The same idempotency key placed this order before",
      content: json(adminOrderSchema),
    },
    400: errorResponse("Invalid input, no user with this e-mail, or a blocked user"),
    ...adminOnly,
    409: errorResponse("The payment reference was used already"),
    422: errorResponse("The idempotency key was used before for an order with other details"),
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
      content: json(adminOrderSchema.extend({ events: z.array(adminOrderEventSchema) })),
    },
    ...adminOnly,
    404: errorResponse("No such order"),
  },
});

const changeStatusRoute = createRoute({
  method: "post",
  path: "/api/admin/orders/{id}/status",
  tags: ["Admin"],
  summary: "Set an order's status (from any status), optionally with the payout hash",
  description:
    "`payoutTxHash` only with `completed`: the transaction hash on the order's network, or the e-wallet provider's transfer reference. `note` is shown to the customer on the order's timeline.",
  request: {
    params: z.object({ id: z.string().max(100) }),
    body: { content: json(changeOrderStatusInputSchema), required: true },
  },
  responses: {
    200: { description: "The order after the change", content: json(adminOrderSchema) },
    400: errorResponse("Invalid status, note or payout hash"),
    ...adminOnly,
    404: errorResponse("No such order"),
    409: errorResponse("The order already has this status"),
  },
});

function toAdminOrderView(order: OrderRow, accounts: Map<string, ReceivingAccountSummary>) {
  return {
    ...toOrderView(order),
    userId: order.user_id,
    userEmail: order.user_email,
    receivingAccount: accounts.get(order.receiving_account_id ?? "") ?? null,
  };
}

export function createAdminOrdersRouter(context: AppContext) {
  const { db } = context;
  return (
    createRouter()
      .openapi(listOrdersRoute, async (c) => {
        const { cursor: cursorText, limit, ...filter } = c.req.valid("query");
        const cursor = cursorText ? decodeCursor(cursorText) : null;
        if (cursorText && !cursor) {
          throw new AppError(400, "INVALID_CURSOR", "This page link is not valid.");
        }
        const [page, accounts] = await Promise.all([
          listAdminOrders(db, filter, { cursor, limit }),
          accountSummaries(db),
        ]);
        return c.json(
          {
            orders: page.orders.map((order) => toAdminOrderView(order, accounts)),
            nextCursor: page.nextCursor,
          },
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
          idempotencyKey: c.req.valid("header")["idempotency-key"],
          ipAddress: clientIp(c, context.trustProxy),
          notify: context.notificationTargets,
          announcer: context.announcer,
        });
        return c.json(toAdminOrderView(order, await accountSummaries(db)), isReplay ? 200 : 201);
      })
      .openapi(getOrderRoute, async (c) => {
        const found = await getAdminOrder(db, c.req.valid("param").id);
        if (!found) return c.json({ error: "Order not found", code: "NOT_FOUND" }, 404);
        return c.json(
          {
            ...toAdminOrderView(found.order, await accountSummaries(db)),
            events: found.events.map((event) => ({
              ...toOrderEventView(event),
              actorEmail: event.actor_email,
            })),
          },
          200,
        );
      })
      .openapi(changeStatusRoute, async (c) => {
        const order = await changeOrderStatus({
          db,
          admin: c.var.user,
          orderId: c.req.valid("param").id,
          input: c.req.valid("json"),
          ipAddress: clientIp(c, context.trustProxy),
          notify: context.notificationTargets,
          announcer: context.announcer,
        });
        return c.json(toAdminOrderView(order, await accountSummaries(db)), 200);
      })
  );
}

import { createRoute, z } from "@hono/zod-openapi";
import { payoutDestinationInputSchema } from "../../../../shared/payout-destination-input";
import type { AppContext } from "../../../platform/api/app-context";
import { createRouter, errorResponse, jsonContent } from "../../../platform/api/router";
import { requireUser } from "../../../platform/api/session";
import {
  addPayoutDestination,
  listPayoutDestinations,
  removePayoutDestination,
} from "./payout-destinations.service";

const destinationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["upi", "bank"]),
    holderName: z.string(),
    upiId: z.string().nullable(),
    accountNumber: z.string().nullable(),
    ifscCode: z.string().nullable(),
    holderIsCustomer: z
      .boolean()
      .describe("false: another person's account, allowed by the desk; each sale to it is held"),
    createdAt: z.string(),
  })
  .openapi("PayoutDestination");

const idParams = z.object({
  id: z.uuid({ error: "No such payout account." }).openapi({ param: { name: "id", in: "path" } }),
});

const listRoute = createRoute({
  method: "get",
  path: "/api/account/payout-destinations",
  tags: ["Account"],
  summary: "The signed-in customer's payout accounts: where rupees go when they sell USDT",
  responses: {
    200: {
      description: "Oldest first",
      content: jsonContent(z.object({ destinations: z.array(destinationSchema) })),
    },
    401: errorResponse("Not signed in"),
  },
});

const addRoute = createRoute({
  method: "post",
  path: "/api/account/payout-destinations",
  tags: ["Account"],
  summary: "Add a UPI ID or a bank account in the customer's own name",
  request: {
    body: {
      required: true,
      content: jsonContent(payoutDestinationInputSchema.openapi("PayoutDestinationInput")),
    },
  },
  responses: {
    201: { description: "Added", content: jsonContent(destinationSchema) },
    400: errorResponse("A field is invalid; the message says which"),
    401: errorResponse("Not signed in"),
    409: errorResponse("Added already, or the customer keeps the most accounts allowed"),
    422: errorResponse("The holder is not the customer, and the desk refuses other names"),
  },
});

const removeRoute = createRoute({
  method: "post",
  path: "/api/account/payout-destinations/{id}/remove",
  tags: ["Account"],
  summary: "Remove one of the customer's payout accounts (sales paid to it keep it)",
  request: { params: idParams },
  responses: {
    200: { description: "Removed", content: jsonContent(z.object({ id: z.string() })) },
    401: errorResponse("Not signed in"),
    404: errorResponse("No such payout account of this customer"),
  },
});

export function createPayoutDestinationsRouter(context: AppContext) {
  const { db } = context;
  const router = createRouter();
  // Hono's "/…/*" also matches the list's own path.
  router.use("/api/account/payout-destinations/*", requireUser(context));
  return router
    .openapi(listRoute, async (c) =>
      c.json({ destinations: await listPayoutDestinations(db, c.var.user.id) }, 200),
    )
    .openapi(addRoute, async (c) =>
      c.json(await addPayoutDestination(db, c.var.user.id, c.req.valid("json")), 201),
    )
    .openapi(removeRoute, async (c) => {
      const { id } = c.req.valid("param");
      await removePayoutDestination(db, c.var.user.id, id);
      return c.json({ id }, 200);
    });
}

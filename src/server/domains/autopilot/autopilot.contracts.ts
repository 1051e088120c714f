import {
  adminRoute,
  errorResponse,
  invalidSettingsSchema,
  jsonBody,
  jsonResponse,
} from "../../platform/api/router";
import {
  activitySchema,
  approvalParams,
  approvalSchema,
  autopilotPolicySchema,
  networkInputSchema,
  networkParams,
} from "./autopilot-schemas";

const policyResponse = (description: string) => jsonResponse(description, autopilotPolicySchema);

export const getAutopilotPolicyRoute = adminRoute({
  method: "get",
  path: "/api/admin/settings/autopilot",
  summary: "Autopilot's limits per network, and whether all sending is stopped",
  responses: { 200: policyResponse("The limits") },
});

export const saveAutopilotNetworkRoute = adminRoute({
  method: "put",
  path: "/api/admin/settings/autopilot/{network}",
  summary:
    "Save one network's autopilot limits (audited with the changed fields): on or off, the most per payout and per 24 hours",
  request: { params: networkParams, body: jsonBody(networkInputSchema) },
  responses: {
    200: policyResponse("The saved limits"),
    400: jsonResponse(
      "A field is invalid; it is named in `field` and nothing was written",
      invalidSettingsSchema,
    ),
  },
});

const switchRoute = (action: "stop" | "resume") =>
  adminRoute({
    method: "post",
    path: `/api/admin/autopilot/${action}`,
    summary:
      action === "stop"
        ? "Stop all autopilot sending at once, on every network (audited)"
        : "Let autopilot send again within its limits (audited)",
    responses: { 200: policyResponse("The limits, and the switch as it now is") },
  });

export const stopAutopilotRoute = switchRoute("stop");
export const resumeAutopilotRoute = switchRoute("resume");

export const getAutopilotActivityRoute = adminRoute({
  method: "get",
  path: "/api/admin/autopilot",
  summary:
    "What autopilot is doing: the signers and their hot wallets, each network's last 24 hours against its most, the latest sends, the payouts waiting for approval, and the verified orders it refused with why",
  responses: { 200: jsonResponse("The activity", activitySchema) },
});

export const approveAutopilotPayoutRoute = adminRoute({
  method: "post",
  path: "/api/admin/autopilot/orders/{id}/approve",
  summary:
    "Approve autopilot's payout of a verified order (audited): above the approval amounts, or for a customer's first payout, the signer sends only once enough distinct operators have",
  request: { params: approvalParams },
  responses: {
    200: jsonResponse("Approved; the signer asks for the payout again at once", approvalSchema),
    400: errorResponse("A malformed id"),
    403: errorResponse("The order is the operator's own (`OWN_RECORD`)"),
    404: errorResponse("No such order"),
    409: errorResponse(
      "Not verified (`NOT_VERIFIED`), not a USDT order on a network autopilot sends on (`AUTOPILOT_OFF`), sent already (`AUTOPILOT_SENT`), or approved by this operator already (`ALREADY_APPROVED`)",
    ),
  },
});

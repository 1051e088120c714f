import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { clientIp } from "../../platform/http/client-ip";
import {
  approveAutopilotPayoutRoute,
  getAutopilotActivityRoute,
  getAutopilotPolicyRoute,
  resumeAutopilotRoute,
  saveAutopilotNetworkRoute,
  stopAutopilotRoute,
} from "./autopilot.contracts";
import { getAutopilotActivity } from "./autopilot-activity";
import { approveAutopilotPayout } from "./autopilot-approvals";
import { getAutopilotPolicy, saveAutopilotNetwork, setAutopilotStopped } from "./autopilot-policy";

export function createAutopilotRouter(context: AppContext) {
  const { db } = context;
  const actorOf = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });
  return createRouter()
    .openapi(getAutopilotActivityRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getAutopilotActivity(db), 200);
    })
    .openapi(approveAutopilotPayoutRoute, async (c) => {
      const approved = await approveAutopilotPayout(
        db,
        context.announcer,
        actorOf(c.var.user),
        c.req.valid("param").id,
        clientIp(c, context.trustProxy),
      );
      return c.json(approved, 200);
    })
    .openapi(getAutopilotPolicyRoute, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await getAutopilotPolicy(db), 200);
    })
    .openapi(saveAutopilotNetworkRoute, async (c) => {
      const { network } = c.req.valid("param");
      const saved = await saveAutopilotNetwork(
        db,
        actorOf(c.var.user),
        network,
        c.req.valid("json"),
        clientIp(c, context.trustProxy),
      );
      c.header("Cache-Control", "no-store");
      return c.json(saved, 200);
    })
    .openapi(stopAutopilotRoute, async (c) =>
      c.json(
        await setAutopilotStopped(db, actorOf(c.var.user), true, clientIp(c, context.trustProxy)),
        200,
      ),
    )
    .openapi(resumeAutopilotRoute, async (c) =>
      c.json(
        await setAutopilotStopped(db, actorOf(c.var.user), false, clientIp(c, context.trustProxy)),
        200,
      ),
    );
}

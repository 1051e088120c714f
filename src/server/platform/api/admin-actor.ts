import type { Context } from "hono";
import { clientIp } from "../http/client-ip";
import type { AppEnv } from "./session";

/** Who acts, and from where: the stepped-up admin of the request. */
export interface Actor {
  id: string;
  email: string;
  ipAddress?: string;
}

/** The admin of this request as the audit log records them, with the address they came from. */
export function adminActor(c: Context<AppEnv>, trustProxy: boolean): Actor {
  return { id: c.var.user.id, email: c.var.user.email, ipAddress: clientIp(c, trustProxy) };
}

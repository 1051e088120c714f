import type { PlaceOrderInput } from "../../shared/order-input";
import type { SessionUser } from "../platform/api/session";
import { openPostgres } from "../platform/db/database";
import type { TestApp } from "./test-app";

/**
 * Places a customer's orders through two database handles of their own, in turns,
 * as two more processes behind a balancer would: a process keeps one customer's
 * orders in one statement at a time (decision 017), two processes do not, so two
 * of the customer's orders can be in statements at once. PostgreSQL runs only.
 * Each body is as the route's validation passes it on, with its payment offer.
 */
export async function placeThroughTwoProcesses(
  testApp: TestApp,
  userId: string,
  bodies: Record<string, unknown>[],
) {
  const url = testApp.databaseUrl;
  if (!url) throw new Error("Other processes need the PostgreSQL run's database URL");
  // Loaded after the app, which teaches zod the OpenAPI metadata its schemas use.
  const { placeOrder } = await import("../domains/orders/buy/place-order");
  const user = (await testApp.db
    .selectFrom("user")
    .selectAll()
    .where("id", "=", userId)
    .executeTakeFirstOrThrow()) as unknown as SessionUser;
  const processes = [openPostgres(url), openPostgres(url)] as const;
  try {
    return await Promise.allSettled(
      bodies.map((body, i) =>
        placeOrder({
          db: processes[i % 2 === 0 ? 0 : 1].db,
          user,
          input: body as PlaceOrderInput,
          notify: { publicUrl: "http://localhost:3000", telegram: false },
          announcer: testApp.announcer,
          maxOrdersPerMinute: 100,
        }),
      ),
    );
  } finally {
    await Promise.all(processes.map((handle) => handle.close()));
  }
}

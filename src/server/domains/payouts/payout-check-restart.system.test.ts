import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { USDT_TOKENS } from "../../platform/config/chain-tokens";
import { answerAsChain, type FakeChainAnswer, startFakeChain } from "../../testing/fake-chain";
import { orderInput, postOrder, TRON_WALLET } from "../../testing/orders";
import {
  addUpiAccountAsAdmin,
  PROCESS_ADMIN,
  withProcessAdmin,
} from "../../testing/receiving-accounts";
import { serverTestTimeout, startServerProcess } from "../../testing/server-process";
import { createClient } from "../../testing/test-client";

/*
 * A payout check under way when the server is killed (SIGKILL) is taken up by the
 * next server on the same data once its lease runs out, and closes the order once.
 */

const dataDir = mkdtempSync(join(tmpdir(), "rupeedesk-payout-check-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.runIf(process.env.TEST_DB !== "postgres")("a payout check across a crash", () => {
  it("is finished by the next server, closing the order once", {
    timeout: serverTestTimeout(2),
  }, async () => {
    const hash = randomBytes(32).toString("hex");
    let answer: (call: string) => FakeChainAnswer = () => ({ hang: true });
    let called = () => {};
    const firstCall = new Promise<void>((resolve) => {
      called = resolve;
    });
    const chain = await startFakeChain((call) => {
      called();
      return answer(call);
    });
    const env = withProcessAdmin({
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      CHAIN_RPC_TRC20: chain.url,
      CHAIN_TIMEOUT_MS: "2000",
    });
    try {
      const first = await startServerProcess(env);
      await addUpiAccountAsAdmin(first);
      const customer = createClient(first);
      await customer.signUp("payout-crash@example.com", "secret1");
      await customer.signIn("payout-crash@example.com", "secret1");
      const placed = await postOrder(customer, orderInput({ walletAddress: TRON_WALLET }));
      expect(placed.status, placed.text).toBe(201);
      const orderId = placed.json.id as string;
      const admin = createClient(first);
      await admin.signIn(PROCESS_ADMIN.email, PROCESS_ADMIN.password);
      await admin.post("/api/admin/session/step-up", { password: PROCESS_ADMIN.password });
      const completing = await admin.post(`/api/admin/orders/${orderId}/status`, {
        status: "completed",
        payoutTxHash: hash,
      });
      expect(completing.status, completing.text).toBe(202);
      await firstCall; // the check is asking the node, which holds the call open
      await first.stop("SIGKILL");

      answer = answerAsChain("tron", {
        succeeded: true,
        confirmations: 40,
        transfers: [{ token: USDT_TOKENS.trc20.token, to: TRON_WALLET, baseUnits: 100_000_000n }],
      });
      const second = await startServerProcess(env);
      try {
        const desk = createClient(second);
        await desk.signIn(PROCESS_ADMIN.email, PROCESS_ADMIN.password);
        await desk.post("/api/admin/session/step-up", { password: PROCESS_ADMIN.password });
        // The first server's lease on the check runs out (three timeouts and 5 s), then it is taken up.
        const deadline = Date.now() + 40_000;
        let order = (await desk.get(`/api/admin/orders/${orderId}`)).json;
        while (order.status !== "completed" && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          order = (await desk.get(`/api/admin/orders/${orderId}`)).json;
        }
        expect(order).toMatchObject({
          status: "completed",
          payoutTxHash: hash,
          payoutCheck: { state: "confirmed" },
        });
        const completions = order.events.filter(
          (event: { toStatus: string; staffOnly: boolean }) =>
            event.toStatus === "completed" && !event.staffOnly,
        );
        expect(completions).toHaveLength(1);
      } finally {
        await second.stop();
      }
    } finally {
      await chain.close();
    }
  });
});

import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validDocuments, verificationForm } from "../../testing/identity-documents";
import { UNREACHED_ORDER_LIMITS_INPUT } from "../../testing/order-limits";
import { orderInput, postOrder, TRON_TX_HASH } from "../../testing/orders";
import { scratchPostgresDatabase } from "../../testing/postgres";
import {
  addUpiAccountAsAdmin,
  PROCESS_ADMIN,
  withProcessAdmin,
} from "../../testing/receiving-accounts";
import { runEntryPoint } from "../../testing/run-process";
import {
  type ServerProcess,
  serverTestTimeout,
  startServerProcess,
} from "../../testing/server-process";
import { createClient } from "../../testing/test-client";

/*
 * The restore drill: a desk with users, settings, receiving accounts, orders and
 * an audit log is backed up by `npm run backup` while customers keep placing
 * orders; `npm run restore` puts the backup into a fresh place; a server started
 * on it serves every order acknowledged before the backup began, with its events.
 * On PGlite the running server takes the backup; on PostgreSQL pg_dump does.
 */

const workDir = mkdtempSync(join(tmpdir(), "rupeedesk-drill-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(workDir, { recursive: true, force: true });
});

/** A data folder, and on the PostgreSQL run a new database beside TEST_DATABASE_URL's. */
async function freshPlace(name: string): Promise<Record<string, string>> {
  const dataDir = join(workDir, name);
  const database = await scratchPostgresDatabase(`drill_${name}`);
  if (!database) return { DATA_DIR: dataDir };
  cleanups.push(database.drop);
  return { DATA_DIR: dataDir, DATABASE_URL: database.url };
}

async function started(env: Record<string, string>) {
  const server = await startServerProcess(env);
  cleanups.push(() => server.stop("SIGKILL"));
  return server;
}

async function stepUpAdmin(server: ServerProcess) {
  const admin = createClient(server);
  expect((await admin.signIn(PROCESS_ADMIN.email, PROCESS_ADMIN.password)).status).toBe(200);
  const stepUp = await admin.post("/api/admin/session/step-up", {
    password: PROCESS_ADMIN.password,
  });
  expect(stepUp.status).toBe(200);
  return admin;
}

const RATE = "88.25";

describe("the restore drill", () => {
  it("restores every order acknowledged before the backup, with its events, users, settings and audit log", {
    timeout: serverTestTimeout(2, 120_000),
  }, async () => {
    const secret = randomBytes(32).toString("hex");
    const common = {
      BETTER_AUTH_SECRET: secret,
      DOCUMENT_KEY: randomBytes(32).toString("hex"),
      TRUST_PROXY: "true",
      ORDER_RATE_LIMIT_PER_MINUTE: "100000",
    };
    const sourcePlace = await freshPlace("source");
    const source = await started(withProcessAdmin({ ...common, ...sourcePlace }));

    // The desk's state: a receiving account and settings changed by the admin (audited).
    await addUpiAccountAsAdmin(source);
    const admin = await stepUpAdmin(source);
    const settings = (await admin.get("/api/admin/settings")).json as Record<string, unknown>;
    // The form sends "" for a field left empty, which the API reads back as null.
    const asForm = Object.fromEntries(
      Object.entries(settings).map(([field, value]) => [field, value ?? ""]),
    );
    const saved = await admin.request("PUT", "/api/admin/settings", {
      ...asForm,
      exchangeRate: RATE,
      supportEmail: "drill@rupeedesk.example",
      // One customer places orders as fast as it can while the backup runs: each
      // asks for its payment offer, far more than a desk allows a customer an hour.
      offersPerCustomerPerHour: "10000",
      offersPerAddressPerHour: "10000",
      // ... and places more than a new customer's limits allow.
      ...UNREACHED_ORDER_LIMITS_INPUT,
    });
    expect(saved.status, saved.text).toBe(200);

    const customer = createClient(source);
    expect((await customer.signUp("drill@example.com", "secret1")).status).toBe(200);
    const signedIn = await customer.signIn("drill@example.com", "secret1");
    expect(signedIn.status).toBe(200);
    const customerId = signedIn.json.user.id as string;
    let amount = 1000;
    const place = () =>
      postOrder(customer, orderInput({ amount: String(amount++), quotedRate: RATE }));

    // A verification with its documents, sealed under DOCUMENT_KEY.
    const verified = await customer.post(
      "/api/verification",
      verificationForm(await validDocuments()),
    );
    expect(verified.status, verified.text).toBe(201);
    const documentIds = (verified.json.submission.documents as { id: string }[]).map(
      (document) => document.id,
    );
    const sourceDocuments = await Promise.all(
      documentIds.map(
        async (id) => (await admin.get(`/api/admin/verifications/documents/${id}`)).bytes,
      ),
    );

    // Some orders with a history of their own before the backup.
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const placed = await place();
      expect(placed.status, placed.text).toBe(201);
      acknowledged.push(placed.json.id);
    }
    const completed = acknowledged[0] as string;
    for (const change of [
      { status: "processing", note: "Payment found" },
      { status: "completed", payoutTxHash: TRON_TX_HASH },
    ]) {
      const response = await admin.post(`/api/admin/orders/${completed}/status`, change);
      expect(response.status, response.text).toBe(200);
    }

    // Orders keep arriving while the backup is taken.
    let isBackingUp = true;
    const submitting = (async () => {
      while (isBackingUp) {
        const placed = await place();
        expect(placed.status, placed.text).toBe(201);
        acknowledged.push(placed.json.id);
      }
    })();
    while (acknowledged.length < 10) await new Promise((resolve) => setImmediate(resolve));
    const acknowledgedBeforeBackup = [...acknowledged];
    const backup = await runEntryPoint("backup", [], sourcePlace);
    isBackingUp = false;
    await submitting;
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const file = /^Backup written: (\S+) \(/.exec(backup.stdout)?.[1] ?? "";
    expect(file).toMatch(sourcePlace.DATABASE_URL ? /\.pgdump$/ : /\.pglite\.tar\.gz$/);
    // Orders were acknowledged while it ran, so the backup was taken by a live desk.
    expect(acknowledged.length).toBeGreaterThan(acknowledgedBeforeBackup.length);
    const sourceOrder = (await customer.get(`/api/orders/${completed}`)).json;

    const target = await freshPlace("target");
    const restore = await runEntryPoint("restore", [file], target);
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("It holds");

    const restored = await started(withProcessAdmin({ ...common, ...target }));
    const again = createClient(restored, customer.ip);
    expect((await again.signIn("drill@example.com", "secret1")).status).toBe(200);
    for (const id of acknowledgedBeforeBackup) {
      const order = await again.get(`/api/orders/${id}`);
      expect(order.status, `order ${id}`).toBe(200);
      expect(order.json.events.length).toBeGreaterThan(0);
    }
    expect((await again.get(`/api/orders/${completed}`)).json).toEqual(sourceOrder);

    const restoredAdmin = await stepUpAdmin(restored);
    const restoredSettings = (await restoredAdmin.get("/api/admin/settings")).json;
    expect(restoredSettings).toMatchObject({
      exchangeRate: RATE,
      supportEmail: "drill@rupeedesk.example",
      // One customer places orders as fast as it can while the backup runs: each
      // asks for its payment offer, far more than a desk allows a customer an hour.
      offersPerCustomerPerHour: "10000",
      offersPerAddressPerHour: "10000",
      // ... and places more than a new customer's limits allow.
      ...UNREACHED_ORDER_LIMITS_INPUT,
    });
    // The verification, with its documents decrypted equal to what the source served.
    const restoredVerification = await restoredAdmin.get(`/api/admin/verifications/${customerId}`);
    expect(restoredVerification.json).toMatchObject({
      status: "submitted",
      submission: { pan: "ABCPK1234F", legalName: "Ravi Kumar Sharma" },
    });
    for (const [index, id] of documentIds.entries()) {
      const restoredDocument = await restoredAdmin.get(`/api/admin/verifications/documents/${id}`);
      expect(restoredDocument.status).toBe(200);
      expect(
        Buffer.from(restoredDocument.bytes).equals(Buffer.from(sourceDocuments[index] ?? [])),
      ).toBe(true);
    }
    const audit = (await restoredAdmin.get("/api/admin/audit?limit=100")).json;
    const actions = JSON.stringify(audit);
    for (const action of [
      "settings.saved",
      "receiving_account.created",
      "order.status_changed",
      "verification.document_viewed",
    ]) {
      expect(actions).toContain(action);
    }
    // The restored desk takes new orders.
    const next = await postOrder(again, orderInput({ amount: "777", quotedRate: RATE }));
    expect(next.status, next.text).toBe(201);
  });

  it("refuses to restore over a database that holds data, unless told to", {
    timeout: serverTestTimeout(2),
  }, async () => {
    const place = await freshPlace("occupied");
    const server = await started(withProcessAdmin({ ...place, TRUST_PROXY: "true" }));
    const backup = await runEntryPoint("backup", [], place);
    expect(backup.code, backup.stderr).toBe(0);
    const file = /^Backup written: (\S+) \(/.exec(backup.stdout)?.[1] ?? "";
    // The server takes backups only for the token it left in the data folder (PGlite),
    // and has no such route at all on PostgreSQL.
    for (const authorization of ["", "Bearer not-the-server-token"]) {
      const asked = await fetch(`${server.baseUrl}/api/ops/backup`, {
        method: "POST",
        headers: { authorization },
      });
      expect(asked.status).toBe(place.DATABASE_URL ? 404 : 401);
    }
    await server.stop();
    // A clean stop withdraws the server's note, so the next command opens the database itself.
    expect(existsSync(join(place.DATA_DIR ?? "", "server.json"))).toBe(false);

    const refused = await runEntryPoint("restore", [file], place);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already holds a database|is not empty/);
    expect(refused.stderr).toContain("--force");

    const forced = await runEntryPoint("restore", [file, "--force"], place);
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    const restarted = await started(withProcessAdmin({ ...place, TRUST_PROXY: "true" }));
    await stepUpAdmin(restarted);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signedInAdmin } from "../../testing/actors";
import { insertUpiAccount } from "../../testing/desk-accounts";
import { type SampleTransaction, sampleStatementCsv } from "../../testing/statement-fixtures";
import { type Recording, recordStatements } from "../../testing/statement-recorder";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { RawBody } from "../../testing/test-client";

/*
 * What importing a bank statement and reading its groups cost the database,
 * counted rather than timed (its speed with 50,000 lines against 1,000,000 orders
 * is `npm run bench:reconcile`'s to measure): the statements must not grow with
 * the file's lines beyond one INSERT per chunk of 5,000.
 */

const LINES = 12_000;
/**
 * The session and the step-up's renewal, the account and its mapping, BEGIN, the
 * import, its lines in chunks of 5,000, the import's count, the audit entry,
 * COMMIT, and fresh statistics.
 */
const IMPORT_STATEMENTS = 10 + Math.ceil(LINES / 5_000);
/**
 * The session and the step-up's renewal, the account, its imports, the lines'
 * groups, the not-received orders, the blocklist entries of the first pages'
 * payers and the holds of their orders (one indexed lookup each, however many lines).
 */
const GROUPS_STATEMENTS = 8;

let testApp: TestApp;
let admin: Client;
let accountId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await signedInAdmin(testApp);
  accountId = await insertUpiAccount(testApp.db);
});
afterAll(() => testApp.close());

async function recorded(request: () => Promise<{ status: number; text: string }>) {
  await testApp.settle();
  const recording = recordStatements(testApp.database);
  try {
    const response = await request();
    expect(response.status, response.text).toBeLessThan(300);
    return recording.stop();
  } finally {
    recording.stop();
  }
}

function listed({ statements }: Recording) {
  return statements.map(({ sql }) => sql.replace(/\s+/g, " ").slice(0, 120)).join("\n");
}

describe("a bank statement", () => {
  it(`of ${LINES} lines is imported in at most ${IMPORT_STATEMENTS} statements, and its groups read in ${GROUPS_STATEMENTS}`, async () => {
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const credits: SampleTransaction[] = Array.from({ length: LINES }, (_, n) => ({
      date: today,
      narration: `UPI/CR/${String(400_000_000_000 + n)}/RAHUL KUMAR/HDFC/payer@okhdfcbank/Payment`,
      credit: "1000.00",
    }));
    const imported = await recorded(() =>
      admin.request(
        "POST",
        `/api/admin/reconciliation/accounts/${accountId}/statements?name=statement.csv`,
        new RawBody(sampleStatementCsv("sbi", credits)),
        { "content-type": "text/csv" },
      ),
    );
    expect(imported.statements.length, listed(imported)).toBeLessThanOrEqual(IMPORT_STATEMENTS);

    const groups = await recorded(() =>
      admin.get(`/api/admin/reconciliation/accounts/${accountId}`),
    );
    expect(groups.statements.length, listed(groups)).toBeLessThanOrEqual(GROUPS_STATEMENTS);
  });
});

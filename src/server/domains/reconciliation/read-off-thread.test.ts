import { describe, expect, it } from "vitest";
import { sampleStatementCsv } from "../../testing/statement-fixtures";
import { type StatementJob, statementReader } from "./read-off-thread";

/** An SBI statement of `lines` UPI credits, each with a reference of its own. */
function statement(lines: number): StatementJob {
  const credits = Array.from({ length: lines }, (_, n) => ({
    date: "2026-11-24",
    narration: `UPI/CR/${400_000_000_000 + n}/RAHUL KUMAR/HDFC/payer@okhdfcbank/Payment`,
    credit: "1000.00",
  }));
  return { file: Buffer.from(sampleStatementCsv("sbi", credits)), format: "csv", mapping: null };
}

describe("the statement reader's worker", () => {
  it("ends a statement that takes longer than the time limit, and reads the next one", async () => {
    // Reading 20,000 lines takes far more than a millisecond on any machine.
    const limits = { heapMb: 256, timeLimitMs: 1 };
    const read = statementReader(limits);
    await expect(read(statement(20_000))).rejects.toMatchObject({
      status: 422,
      code: "STATEMENT_TOO_SLOW",
      message:
        "This statement takes longer to read than the server allows for one. Split the statement by date.",
    });
    limits.timeLimitMs = 60_000;
    const { credits } = await read(statement(3));
    expect(credits.references).toEqual(["400000000000", "400000000001", "400000000002"]);
  });

  it("ends a statement that needs more memory than the worker's heap, and reads the next one", async () => {
    const read = statementReader({ heapMb: 24, timeLimitMs: 60_000 });
    await expect(read(statement(100_000))).rejects.toMatchObject({
      status: 422,
      code: "STATEMENT_TOO_LARGE",
      message: expect.stringContaining("more memory to read than the server allows"),
    });
    // The same heap reads a small statement: the first ran out reading, not starting.
    const { credits } = await read(statement(3));
    expect(credits.amounts).toEqual(["1000.00", "1000.00", "1000.00"]);
  });
});

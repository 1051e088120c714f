import type { CellValue } from "exceljs";
import { describe, expect, it } from "vitest";
import type { AppError } from "../../platform/http/errors";
import {
  type SampleBank,
  type SampleTransaction,
  sampleStatementCsv,
  sampleStatementHeader,
  sampleStatementRows,
  toCsv,
  toXlsx,
} from "../../testing/statement-fixtures";
import { xlsxBomb } from "../../testing/xlsx-bombs";
import { MAX_STATEMENT_LINES, readStatement, type StatementTransaction } from "./read-statement";
import type { ColumnMapping } from "./statement-layouts";
import type { StatementFormat } from "./statement-rows";

const TRANSACTIONS: SampleTransaction[] = [
  {
    date: "2026-11-24",
    narration: "UPI/CR/412345678901/RAHUL KUMAR/HDFC/rahul@okhdfcbank/Pay",
    credit: "123456.78",
  },
  { date: "2026-11-24", narration: "ATM WDL CONNAUGHT PLACE", debit: "2000.00" },
  { date: "2026-11-25", narration: "NEFT-HDFCN52026112345-PRIYA SHARMA-0001", credit: "8600.50" },
  {
    date: "2026-11-25",
    narration: "CASH DEPOSIT BY SELF",
    credit: "500.00",
    reference: "0000412345678902",
  },
];

async function readAll(content: string | Buffer, format: StatementFormat, mapping?: ColumnMapping) {
  const lines: StatementTransaction[] = [];
  for await (const line of readStatement(Buffer.from(content), format, mapping)) lines.push(line);
  return lines.map(({ amount, ...line }) => ({ ...line, amount: amount.toFixed(2) }));
}

async function readError(content: string | Buffer, format: StatementFormat = "csv") {
  return readAll(content, format).then(
    () => expect.unreachable("the file was read"),
    (error: AppError) => ({ status: error.status, code: error.code, message: error.message }),
  );
}

const BANKS: SampleBank[] = ["sbi", "hdfc", "icici", "axis", "kotak"];

describe.each(BANKS)("a %s statement", (bank) => {
  const expected = [
    {
      direction: "credit",
      valueDate: "2026-11-24",
      amount: "123456.78",
      reference: "412345678901",
      payerName: "RAHUL KUMAR",
    },
    {
      direction: "debit",
      valueDate: "2026-11-24",
      amount: "2000.00",
      reference: null,
      payerName: null,
    },
    {
      direction: "credit",
      valueDate: "2026-11-25",
      amount: "8600.50",
      reference: "HDFCN52026112345",
      payerName: "PRIYA SHARMA",
    },
    {
      direction: "credit",
      valueDate: "2026-11-25",
      amount: "500.00",
      reference: "412345678902",
      payerName: null,
    },
  ];

  it("as CSV: every transaction, past the account details above and the notes below the table", async () => {
    const lines = await readAll(sampleStatementCsv(bank, TRANSACTIONS), "csv");
    expect(lines).toMatchObject(expected);
    expect(lines[0]?.narration).toBe(TRANSACTIONS[0]?.narration);
  });

  it("as XLSX: the same transactions, from the first sheet", async () => {
    const lines = await readAll(await toXlsx(sampleStatementRows(bank, TRANSACTIONS)), "xlsx");
    expect(lines).toMatchObject(expected);
  });
});

describe("XLSX cells", () => {
  it("reads date and number cells, and keeps a formula as its text, never its result", async () => {
    const rows: CellValue[][] = [
      ["Tran Date", "CHQNO", "PARTICULARS", "DR", "CR", "BAL", "SOL"],
      [new Date(Date.UTC(2026, 10, 24)), "", "UPI/CR/412345678901/RAHUL", null, 1500.5, 1, ""],
      ["24-11-2026", "", { formula: 'HYPERLINK("http://evil","x")', result: "x" }, null, 10, 1, ""],
      ["24-11-2026", "", "IMPS", null, { formula: "1+1", result: 2 }, 1, ""],
    ];
    const file = await toXlsx(rows);
    await expect(readAll(file, "xlsx")).rejects.toMatchObject({
      code: "STATEMENT_BAD_AMOUNT",
      message: 'Line 4: the credit "=1+1" is not an amount. Expected rupees like 1,23,456.78.',
    });
    const lines = await readAll(await toXlsx(rows.slice(0, 3)), "xlsx");
    expect(lines.map((line) => [line.valueDate, line.amount, line.narration])).toEqual([
      ["2026-11-24", "1500.50", "UPI/CR/412345678901/RAHUL"],
      ["2026-11-24", "10.00", '=HYPERLINK("http://evil","x")'],
    ]);
  });
});

describe("a column mapping", () => {
  const mapping: ColumnMapping = {
    date: "Posting Date",
    narration: "Details",
    reference: "UTR",
    amount: "Txn Amount",
    creditDebitFlag: "Type",
  };
  const file = toCsv([
    ["Federal Bank statement"],
    ["Posting Date", "Details", "UTR", "Txn Amount", "Type"],
    ["24/11/2026", "UPI/CR/412345678901/ANITA DESAI", "", "7,500.00", "C"],
    ["24/11/2026", "Card purchase", "", "99.00", "D"],
  ]);

  it("reads a layout none of the banks use", async () => {
    expect(await readAll(file, "csv", mapping)).toMatchObject([
      {
        line: 3,
        direction: "credit",
        amount: "7500.00",
        reference: "412345678901",
        payerName: "ANITA DESAI",
      },
      { line: 4, direction: "debit", amount: "99.00" },
    ]);
  });

  it("is needed for it", async () => {
    expect(await readError(file)).toMatchObject({ status: 422, code: "NOT_A_STATEMENT" });
  });
});

describe("a file that is not a statement", () => {
  const header = sampleStatementHeader("hdfc");

  it.each([
    ["an empty file", ""],
    ["a letter", "Dear customer,\r\nyour statement is attached.\r\n"],
    ["an order export", "Order ID,Created At (UTC),User Email\r\nabc,2026-11-24,a@b.c\r\n"],
  ])("%s is refused, saying what was expected", async (_, content) => {
    expect(await readError(content)).toEqual({
      status: 422,
      code: "NOT_A_STATEMENT",
      message: expect.stringContaining("No statement table found in the first 40 lines"),
    });
  });

  it("a bad date names its line", async () => {
    const file = toCsv([
      header,
      ["24/11/26", "UPI/CR/412345678901/A", "", "24/11/26", "", "10.00", "10.00"],
      ["32/11/26", "x", "", "32/11/26", "", "5.00", "15.00"],
    ]);
    expect(await readError(file)).toEqual({
      status: 422,
      code: "STATEMENT_BAD_DATE",
      message: 'Line 3: "32/11/26" is not a date. Expected a date like 24/11/2026 or 24-Nov-26.',
    });
  });

  it("a bad amount names its line and column", async () => {
    const file = toCsv([header, ["24/11/26", "x", "", "24/11/26", "", "12,34,5", ""]]);
    expect(await readError(file)).toMatchObject({
      code: "STATEMENT_BAD_AMOUNT",
      message: 'Line 2: the credit "12,34,5" is not an amount. Expected rupees like 1,23,456.78.',
    });
  });

  it("an amount larger than a statement line holds names its line and the most it holds", async () => {
    const file = toCsv([
      header,
      ["24/11/26", "x", "", "24/11/26", "", "99999999999999999999999", ""],
    ]);
    expect(await readError(file)).toMatchObject({
      code: "STATEMENT_BAD_AMOUNT",
      message:
        'Line 2: the credit "99999999999999999999999" is more than a statement line can hold (₹999999999999.99).',
    });
    const largest = toCsv([header, ["24/11/26", "x", "", "24/11/26", "", "999999999999.99", ""]]);
    expect((await readAll(largest, "csv")).map((line) => line.amount)).toEqual(["999999999999.99"]);
  });

  it("a Dr/Cr flag that says neither", async () => {
    const rows = sampleStatementRows("kotak", [TRANSACTIONS[0] as SampleTransaction]);
    const table = rows.map((row) => (row[6] === "CR" ? row.with(6, "XX") : row));
    expect(await readError(toCsv(table))).toMatchObject({ code: "STATEMENT_BAD_FLAG" });
  });

  it("an XLSX that is not one", async () => {
    expect(await readError(Buffer.from("PK\u0003\u0004 not a zip"), "xlsx")).toMatchObject({
      status: 422,
      code: "STATEMENT_UNREADABLE",
    });
  });

  it("a CSV with a broken quote", async () => {
    expect(await readError(`${header.join(",")}\r\n24/11/26,"unclosed,x\r\n`)).toMatchObject({
      code: "STATEMENT_UNREADABLE",
    });
  });
});

it("control characters in a cell are read as spaces", async () => {
  const file = toCsv([
    ["Tran Date", "CHQNO", "PARTICULARS", "DR", "CR", "BAL", "SOL"],
    ["24-11-2026", "", "UPI/CR/412345678901/RAHUL\u0007\u001b[2J KUMAR", "", "10.00", "", ""],
  ]);
  const [line] = await readAll(file, "csv");
  expect(line?.narration).toBe("UPI/CR/412345678901/RAHUL [2J KUMAR");
});

describe("an Excel file that inflates a thousand times over", () => {
  it.each(["one long cell", "many rows", "many shared strings"] as const)(
    "%s to 1.5 GB is refused from its directory, before anything is inflated",
    async (kind) => {
      expect(await readError(xlsxBomb(kind, { megabytes: 1_500 }), "xlsx")).toEqual({
        status: 422,
        code: "STATEMENT_TOO_LARGE",
        message: expect.stringContaining("unpacks to more than a bank statement holds"),
      });
    },
  );

  it.each(["one long cell", "many rows", "many shared strings"] as const)(
    "%s whose directory says 64 KB is refused once 64 KB are inflated",
    async (kind) => {
      const file = xlsxBomb(kind, { megabytes: 1_500, declaredBytes: 64 * 1024 });
      expect(await readError(file, "xlsx")).toMatchObject({ code: "STATEMENT_UNREADABLE" });
    },
  );

  it("more than 50 MB of shared strings is refused: they are held while the sheet is read", async () => {
    expect(
      await readError(xlsxBomb("many shared strings", { megabytes: 60 }), "xlsx"),
    ).toMatchObject({ code: "STATEMENT_TOO_LARGE" });
  });

  it("a cell longer than Excel allows is refused as it arrives", async () => {
    expect(await readError(xlsxBomb("one long cell", { megabytes: 1 }), "xlsx")).toEqual({
      status: 422,
      code: "STATEMENT_UNREADABLE",
      message:
        "This is not a readable Excel (.xlsx) file: a cell holds more than the 32,767 characters Excel allows.",
    });
  });
});

// Reading 200,000 lines takes 6-10 s on a busy 2-core machine.
it(`a statement of more than ${MAX_STATEMENT_LINES} lines is refused`, {
  timeout: 60_000,
}, async () => {
  const line = "24-11-2026,,UPI/CR/412345678901/RAHUL,,10.00,,";
  const file = `Tran Date,CHQNO,PARTICULARS,DR,CR,BAL,SOL\r\n${`${line}\r\n`.repeat(MAX_STATEMENT_LINES + 1)}`;
  expect(await readError(file)).toEqual({
    status: 422,
    code: "STATEMENT_TOO_LONG",
    message: "The statement has more than 2,00,000 lines. Split it by date.",
  });
});

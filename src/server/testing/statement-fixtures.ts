import ExcelJS from "exceljs";

/*
 * Sample statements for tests and the benchmark: each bank's published column
 * layout, with the rows of account details it prints above the table, filled with
 * made-up transactions.
 */

export type SampleTransaction = {
  /** YYYY-MM-DD */
  date: string;
  narration: string;
  credit?: string;
  debit?: string;
  reference?: string;
};

export type SampleBank = "sbi" | "hdfc" | "icici" | "axis" | "kotak";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function dayMonthYear(date: string) {
  const [year = "", month = "", day = ""] = date.split("-");
  return { year, month, day, monthName: MONTHS[Number(month) - 1] ?? "" };
}

/** 123456.78 → 1,23,456.78 (lakhs and crores) */
export function indianGrouping(amount: string): string {
  const [rupees = "", paise] = amount.split(".");
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  const grouped = rest ? `${rest},${lastThree}` : lastThree;
  return paise === undefined ? grouped : `${grouped}.${paise}`;
}

const SAMPLE_LAYOUTS: Record<
  SampleBank,
  {
    preamble: string[][];
    header: string[];
    row: (t: SampleTransaction) => string[];
    footer: string[][];
  }
> = {
  sbi: {
    preamble: [
      ["Account Name", ":", "RUPEEDESK TRADING"],
      ["Address", ":", "12 MG ROAD, BENGALURU"],
      ["Account Number", ":", "00000012345678901"],
      ["IFS Code", ":", "SBIN0003853"],
      ["Start Date", ":", "1 Nov 2026"],
      [],
    ],
    header: [
      "Txn Date",
      "Value Date",
      "Description",
      "Ref No./Cheque No.",
      "Branch Code",
      "Debit",
      "Credit",
      "Balance",
    ],
    row: (t) => {
      const { day, monthName, year } = dayMonthYear(t.date);
      const date = `${Number(day)} ${monthName} ${year}`;
      return [
        date,
        date,
        t.narration,
        t.reference ?? "",
        "3853",
        t.debit ? indianGrouping(t.debit) : "",
        t.credit ? indianGrouping(t.credit) : "",
        "1,00,000.00",
      ];
    },
    footer: [[], ["**This is a computer generated statement and does not require a signature"]],
  },
  hdfc: {
    preamble: [
      ["HDFC BANK Ltd.", "", "", "Page No .: 1"],
      ["M/S. RUPEEDESK TRADING", "", "", "Account No : 50100123456789"],
      ["Statement From : 01/11/2026 To : 30/11/2026"],
      [],
    ],
    header: [
      "Date",
      "Narration",
      "Chq./Ref.No.",
      "Value Dt",
      "Withdrawal Amt.",
      "Deposit Amt.",
      "Closing Balance",
    ],
    row: (t) => {
      const { day, month, year } = dayMonthYear(t.date);
      const date = `${day}/${month}/${year.slice(2)}`;
      return [
        date,
        t.narration,
        t.reference ?? "",
        date,
        t.debit ?? "",
        t.credit ?? "",
        "100000.00",
      ];
    },
    footer: [
      ["********", "********"],
      ["STATEMENT SUMMARY :-"],
      ["Opening Balance", "Dr Count"],
      ["1000.00", "2"],
    ],
  },
  icici: {
    preamble: [
      ["DETAILED STATEMENT"],
      ["Transaction Date from", "01/11/2026", "to", "30/11/2026"],
      ["Account Number", "123401234567 ( INR ) - RUPEEDESK TRADING"],
      [],
    ],
    header: [
      "S No.",
      "Value Date",
      "Transaction Date",
      "Cheque Number",
      "Transaction Remarks",
      "Withdrawal Amount (INR )",
      "Deposit Amount (INR )",
      "Balance (INR )",
    ],
    row: (t) => {
      const { day, month, year } = dayMonthYear(t.date);
      const date = `${day}/${month}/${year}`;
      return [
        "1",
        date,
        date,
        t.reference ?? "-",
        t.narration,
        t.debit ?? "0.00",
        t.credit ?? "0.00",
        "100000.00",
      ];
    },
    footer: [[], ["Legends Used in Account Statement"]],
  },
  axis: {
    preamble: [
      ["Name :- RUPEEDESK TRADING"],
      [
        "Statement of Account No - 912010012345678 for the period (From : 01-11-2026 To : 30-11-2026)",
      ],
      [],
    ],
    header: ["Tran Date", "CHQNO", "PARTICULARS", "DR", "CR", "BAL", "SOL"],
    row: (t) => {
      const { day, month, year } = dayMonthYear(t.date);
      return [
        `${day}-${month}-${year}`,
        t.reference ?? "",
        t.narration,
        t.debit ?? "",
        t.credit ?? "",
        "100000.00",
        "1234",
      ];
    },
    footer: [[], ["Unless the constituent notifies the bank immediately of any discrepancy"]],
  },
  kotak: {
    preamble: [
      ["RUPEEDESK TRADING", "", "Account No.", "1234567890"],
      ["Period", "01-Nov-2026 to 30-Nov-2026"],
      [],
    ],
    header: [
      "Sl. No.",
      "Transaction Date",
      "Value Date",
      "Description",
      "Chq / Ref No.",
      "Amount",
      "Dr / Cr",
      "Balance",
      "Dr / Cr",
    ],
    row: (t) => {
      const { day, monthName, year } = dayMonthYear(t.date);
      const date = `${day}-${monthName}-${year.slice(2)}`;
      const amount = indianGrouping(t.credit ?? t.debit ?? "0");
      return [
        "1",
        date,
        date,
        t.narration,
        t.reference ?? "",
        amount,
        t.credit ? "CR" : "DR",
        "1,00,000.00",
        "CR",
      ];
    },
    footer: [[], ["Opening balance", "", "", "", "", "1,000.00"]],
  },
};

/** The column headers of a bank's statement table. */
export function sampleStatementHeader(bank: SampleBank): readonly string[] {
  return SAMPLE_LAYOUTS[bank].header;
}

export function sampleStatementRows(
  bank: SampleBank,
  transactions: readonly SampleTransaction[],
): string[][] {
  const layout = SAMPLE_LAYOUTS[bank];
  return [...layout.preamble, layout.header, ...transactions.map(layout.row), ...layout.footer];
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  // Plain RFC 4180 quoting: a bank's file is not formula-escaped.
  return rows
    .map((row) =>
      row
        .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell))
        .join(","),
    )
    .join("\r\n");
}

export function sampleStatementCsv(
  bank: SampleBank,
  transactions: readonly SampleTransaction[],
): string {
  return toCsv(sampleStatementRows(bank, transactions));
}

/** An XLSX file whose first sheet holds the rows; text cells unless a cell is given as a value. */
export async function toXlsx(rows: readonly (readonly ExcelJS.CellValue[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Statement");
  for (const row of rows) sheet.addRow([...row]);
  workbook.addWorksheet("Notes").addRow(["Not the statement"]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

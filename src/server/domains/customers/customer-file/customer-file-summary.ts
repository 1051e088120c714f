import PDFDocument from "pdfkit";
import type { BlocklistHit } from "./customer-file-records";
import type { CustomerProfile } from "./customer-profile";

/** The newest orders the summary lists; every order is in orders.csv. */
export const SUMMARY_RECENT_ORDERS = 50;

export interface SummaryInput {
  profile: CustomerProfile;
  recentOrders: {
    id: string;
    createdAt: Date;
    status: string;
    sendAmount: string;
    sendCurrency: string;
    paymentReference: string | null;
    lineReference: string | null;
    payoutTxHash: string | null;
    checkState: string | null;
  }[];
  blocklistHits: BlocklistHit[];
  exportedAt: Date;
  exportedBy: string;
  files: { name: string; holds: string }[];
}

/** India time as a bank's letter writes it: 26 Nov 2026, 07:45 IST. */
function indiaTime(at: Date): string {
  const text = new Intl.DateTimeFormat("en-IN", {
    timeZone: "Asia/Kolkata",
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: "h23",
  }).format(at);
  return `${text} IST`;
}

/**
 * The file's human-readable page(s): who the customer is, their verification,
 * their orders in figures, the newest orders, blocklist hits and what each file
 * of the archive holds. Built with the standard PDF fonts (no font files):
 * amounts are written "INR 5000.00", not with the rupee sign they lack.
 */
export function customerFileSummaryPdf(input: SummaryInput): PDFKit.PDFDocument {
  const { profile } = input;
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    // Uncompressed: a reader's search, and the tests, find the text as written.
    compress: false,
    info: {
      Title: `Customer file: ${profile.email}`,
      Subject: `RupeeDesk customer ${profile.id}`,
      Author: "RupeeDesk",
      CreationDate: input.exportedAt,
    },
  });
  const page = summaryPage(doc);
  doc.font("Helvetica-Bold").fontSize(16).text(`Customer file: ${profile.email}`);
  doc
    .font("Helvetica")
    .fontSize(9.5)
    .text(`Exported ${indiaTime(input.exportedAt)} by ${input.exportedBy}.`)
    .text("Times are India time (IST) here and UTC in the CSV and JSON files.");
  writeCustomer(page, profile);
  writeVerification(page, profile);
  writeOrderFigures(page, profile.orders);
  writeRecentOrders(page, input.recentOrders);
  writeBlocklistHits(page, input.blocklistHits);
  page.heading("Files in this archive");
  for (const file of input.files) page.row(file.name, file.holds);
  doc.end();
  return doc;
}

/** The summary's document with its two kinds of line: a section's heading, a labelled row. */
function summaryPage(doc: PDFKit.PDFDocument) {
  return {
    doc,
    heading: (text: string) => {
      doc.moveDown(0.8).font("Helvetica-Bold").fontSize(12).text(text).moveDown(0.2);
      doc.font("Helvetica").fontSize(9.5);
    },
    row: (label: string, value: string) => {
      doc.font("Helvetica-Bold").text(`${label}: `, { continued: true });
      doc.font("Helvetica").text(value);
    },
  };
}

type SummaryPage = ReturnType<typeof summaryPage>;

function writeCustomer({ heading, row }: SummaryPage, profile: CustomerProfile): void {
  heading("Customer");
  row("Customer ID", profile.id);
  row("E-mail", `${profile.email} (${profile.emailVerified ? "verified" : "not verified"})`);
  row("Name", profile.name || "(none given)");
  row("WhatsApp", profile.whatsappNumber ?? "(none given)");
  row("Signed up", indiaTime(new Date(profile.createdAt)));
  row("Account", `${profile.isBlocked ? "blocked" : "active"}, role ${profile.role}`);
}

function writeVerification({ doc, heading, row }: SummaryPage, profile: CustomerProfile): void {
  heading("Identity verification");
  const { verification } = profile;
  if (!verification) {
    doc.text("Not asked for and not submitted.");
  } else {
    row("Status", verification.status);
    if (verification.requestedAt) row("Requested", indiaTime(new Date(verification.requestedAt)));
    if (verification.requestedNote) row("Note", verification.requestedNote);
    row("Last change", indiaTime(new Date(verification.updatedAt)));
  }
  for (const submission of profile.verificationSubmissions) {
    const decided = submission.decision
      ? `${submission.decision}${submission.decidedBy ? ` by ${submission.decidedBy}` : ""}`
      : "not yet reviewed";
    doc.text(
      `Submitted ${indiaTime(new Date(submission.submittedAt))}: ${submission.legalName}, PAN ${submission.pan}, born ${submission.dateOfBirth}; ${decided}. Documents: ${submission.documents.join(", ") || "none"}.`,
    );
  }
}

function writeOrderFigures({ heading, row }: SummaryPage, orders: CustomerProfile["orders"]): void {
  heading("Orders");
  row(
    "Orders",
    `${orders.total} (${orders.completed} completed, ${orders.cancelled} cancelled, ${orders.open} open)`,
  );
  row("Completed INR", `INR ${orders.completedInr}`);
  if (orders.firstAt && orders.lastAt) {
    row(
      "First and last",
      `${indiaTime(new Date(orders.firstAt))} to ${indiaTime(new Date(orders.lastAt))}`,
    );
  }
  row("Matched statement lines", String(orders.withStatementLine));
  row(
    "Payouts confirmed on chain",
    `${orders.payoutsConfirmed} (failed checks: ${orders.payoutChecksFailed})`,
  );
}

function writeRecentOrders(
  { doc, heading }: SummaryPage,
  orders: SummaryInput["recentOrders"],
): void {
  if (orders.length === 0) return;
  heading(`Newest ${orders.length} orders (all are in orders.csv)`);
  doc.fontSize(8);
  for (const order of orders) {
    const utr = order.lineReference ?? order.paymentReference ?? "no reference";
    const payout = order.payoutTxHash
      ? `payout ${order.payoutTxHash.slice(0, 16)}... (${order.checkState ?? "not checked"})`
      : "no payout";
    doc.text(
      `${indiaTime(order.createdAt)}  ${order.id.slice(0, 8)}  ${order.status}  ${order.sendCurrency} ${order.sendAmount}  UTR ${utr}  ${payout}`,
    );
  }
  doc.fontSize(9.5);
}

function writeBlocklistHits({ doc, heading }: SummaryPage, hits: BlocklistHit[]): void {
  heading("Blocklist hits");
  if (hits.length === 0) {
    doc.text("None: no blocklist entry, in force or removed, matches this customer's record.");
  }
  for (const hit of hits) {
    const state = hit.removedAt ? `removed ${indiaTime(hit.removedAt)}` : "in force";
    doc.text(
      `${hit.kind} "${hit.value}" (${state}): ${hit.reason}. Matched: ${hit.matched.join("; ")}.`,
    );
  }
}

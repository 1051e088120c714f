import PDFDocument from "pdfkit";
import { groupIndian } from "../../../../shared/indian-grouping";
import type { Language } from "../../../../shared/languages";
import { CERTIFICATE_FONTS } from "./certificate-fonts";
import {
  CERTIFICATE_WORDING,
  type CertificateWording,
  certificateDate,
} from "./tds-certificate-wording";
import type { TdsCertificate } from "./tds-certificates";

/*
 * A TDS certificate's data as a PDF (decision 062): the deductor, the seller, the
 * period, each deduction with the challan that deposited it, and the totals, in the
 * seller's language. Not the official Form 16A or 16E, and it says so at the top.
 */

const MARGIN = 48;
const GREY = "#555555";
const RULE = "#cccccc";

/** The deductions table's columns: their share of the width, and which are amounts. */
const COLUMNS: { key: keyof CertificateWording["columns"]; width: number; isAmount?: true }[] = [
  { key: "paidOn", width: 64 },
  { key: "amount", width: 80, isAmount: true },
  { key: "section", width: 44 },
  { key: "rate", width: 38 },
  { key: "tds", width: 62, isAmount: true },
  { key: "bsrCode", width: 74 },
  { key: "challanDate", width: 70 },
  { key: "serialNumber", width: 67 },
];
const CELL_PADDING = 3;

/** The file's name: tds-certificate-2026-27-Q3.pdf. */
export function certificateFileName(certificate: Pick<TdsCertificate, "period">): string {
  return `tds-certificate-${certificate.period.id}.pdf`;
}

/** The certificate as a PDF document, written as it is read. */
export function tdsCertificatePdf(
  certificate: TdsCertificate,
  { language, preparedOn }: { language: Language; preparedOn: string },
): PDFKit.PDFDocument {
  const words = CERTIFICATE_WORDING[language];
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    // Uncompressed: a reader's search, and the tests, find the text as written.
    compress: false,
    lang: language,
    info: {
      Title: `${words.title}, ${certificate.period.id}`,
      Author: certificate.deductor.name,
    },
  });
  doc.registerFont("regular", CERTIFICATE_FONTS.regular);
  doc.registerFont("bold", CERTIFICATE_FONTS.bold);
  doc.font("bold").fontSize(16).text(words.title);
  doc.font("regular").fontSize(11).text(words.period(certificate.period));
  if (certificate.state === "ready_so_far") doc.fontSize(9.5).text(words.soFar(certificate.period));
  writeNote(doc, words.note(certificate.deductor.name, certificate.deductor.kind));
  writeParties(doc, words, certificate);
  writeDeductions(doc, words, certificate);
  doc
    .moveDown(1.2)
    .font("regular")
    .fontSize(8.5)
    .fillColor(GREY)
    .text(words.footer(certificateDate(preparedOn)), MARGIN);
  doc.end();
  return doc;
}

/** The note that this is the certificate's data, on a shaded band. */
function writeNote(doc: PDFKit.PDFDocument, note: string) {
  const width = doc.page.width - 2 * MARGIN;
  doc.moveDown(0.8).font("regular").fontSize(9.5);
  const height = doc.heightOfString(note, { width: width - 16 });
  const top = doc.y;
  doc.rect(MARGIN, top, width, height + 12).fill("#f1f1f1");
  doc.fillColor("black").text(note, MARGIN + 8, top + 6, { width: width - 16 });
  doc.x = MARGIN;
  doc.y = top + height + 12;
}

function heading(doc: PDFKit.PDFDocument, text: string) {
  doc.moveDown(0.9).font("bold").fontSize(12).fillColor("black").text(text, MARGIN);
  doc.moveDown(0.2).font("regular").fontSize(10);
}

function row(doc: PDFKit.PDFDocument, label: string, value: string) {
  doc.font("bold").text(`${label}: `, { continued: true });
  doc.font("regular").text(value);
}

function writeParties(
  doc: PDFKit.PDFDocument,
  words: CertificateWording,
  { deductor, deductee }: TdsCertificate,
) {
  heading(doc, words.deductorHeading);
  row(doc, words.name, deductor.name);
  // A TAN holder files under its TAN; a specified person under their PAN.
  if (deductor.kind === "tan_holder") row(doc, words.tan, deductor.tan ?? "—");
  else row(doc, words.pan, deductor.pan ?? "—");
  row(doc, words.deductorReturn, words.returnForm(deductor.kind));
  heading(doc, words.deducteeHeading);
  row(doc, words.name, deductee.name);
  row(doc, words.pan, deductee.pan ?? words.panNotGiven);
}

/** One row of the table at the current line, moving to a new page (and its header) when full. */
function tableRow(
  doc: PDFKit.PDFDocument,
  cells: string[],
  { isHeader = false, header }: { isHeader?: boolean; header?: string[] } = {},
) {
  doc.font(isHeader ? "bold" : "regular").fontSize(8.5);
  const cellHeight = (text: string, index: number) =>
    doc.heightOfString(text, { width: (COLUMNS[index]?.width ?? 0) - 2 * CELL_PADDING });
  const height = Math.max(...cells.map(cellHeight)) + 2 * CELL_PADDING;
  if (doc.y + height > doc.page.height - MARGIN) {
    doc.addPage();
    if (header) tableRow(doc, header, { isHeader: true });
    doc.font(isHeader ? "bold" : "regular").fontSize(8.5);
  }
  const top = doc.y;
  let left = MARGIN;
  cells.forEach((text, index) => {
    const column = COLUMNS[index];
    if (!column) return;
    doc.fillColor("black").text(text, left + CELL_PADDING, top + CELL_PADDING, {
      width: column.width - 2 * CELL_PADDING,
      align: column.isAmount && !isHeader ? "right" : "left",
    });
    left += column.width;
  });
  doc
    .moveTo(MARGIN, top + height)
    .lineTo(left, top + height)
    .lineWidth(isHeader ? 1 : 0.5)
    .strokeColor(isHeader ? "black" : RULE)
    .stroke();
  doc.x = MARGIN;
  doc.y = top + height;
}

function writeDeductions(
  doc: PDFKit.PDFDocument,
  words: CertificateWording,
  { deductions, totals }: TdsCertificate,
) {
  heading(doc, words.deductionsHeading);
  const header = COLUMNS.map((column) => words.columns[column.key]);
  tableRow(doc, header, { isHeader: true });
  for (const deduction of deductions) {
    tableRow(
      doc,
      [
        certificateDate(deduction.paidOn),
        groupIndian(deduction.grossInr),
        "194S",
        `${deduction.ratePercent}%`,
        groupIndian(deduction.tdsInr),
        deduction.challan?.bsrCode ?? "—",
        deduction.challan ? certificateDate(deduction.challan.depositedOn) : "—",
        deduction.challan?.serialNumber ?? "—",
      ],
      { header },
    );
  }
  doc.moveDown(0.8).fontSize(10);
  row(doc, words.totalAmount, `₹${groupIndian(totals.grossInr)}`);
  row(doc, words.totalTds, `₹${groupIndian(totals.tdsInr)}`);
}

/** The document's bytes, once written. */
export async function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

import type { Language } from "../../../../shared/languages";
import type { Database } from "../../../platform/db/database";
import { readIndiaToday } from "../../../platform/db/india-day";
import { certificateFileName, pdfBytes, tdsCertificatePdf } from "./tds-certificate-pdf";
import { readyTdsCertificate } from "./tds-certificates";

/**
 * The seller's certificate for the period with this id as a PDF in their language, with
 * its file name; null when none is ready (readyTdsCertificate says when).
 */
export async function readyCertificatePdf(
  db: Database,
  { userId, periodId, language }: { userId: string; periodId: string; language: Language },
) {
  const today = await readIndiaToday(db);
  const certificate = await readyTdsCertificate(db, { userId, periodId, today });
  if (!certificate) return null;
  const pdf = await pdfBytes(tdsCertificatePdf(certificate, { language, preparedOn: today }));
  return { fileName: certificateFileName(certificate), pdf };
}

import type { Language } from "../../../../shared/languages";
import type { DeductorKind } from "../../../../shared/tax-settings-input";
import { financialYearLabel } from "../../../../shared/tds-calendar";
import type { TaxPeriod } from "./tds-periods";

/*
 * The certificate's words in the seller's language (decision 062). Dates are written
 * DD-MM-YYYY, as TRACES and the Form 16A write them, and amounts with Latin digits
 * grouped the Indian way in both languages, as the site writes them.
 */

export interface CertificateWording {
  title: string;
  period: (period: TaxPeriod) => string;
  note: (deductorName: string, kind: DeductorKind) => string;
  deductorHeading: string;
  deducteeHeading: string;
  name: string;
  tan: string;
  pan: string;
  deductorReturn: string;
  returnForm: (kind: DeductorKind) => string;
  panNotGiven: string;
  deductionsHeading: string;
  columns: {
    paidOn: string;
    amount: string;
    section: string;
    rate: string;
    tds: string;
    bsrCode: string;
    challanDate: string;
    serialNumber: string;
  };
  totalAmount: string;
  totalTds: string;
  footer: (preparedOn: string) => string;
  /** Said of a period not over yet: the certificate holds the deductions so far. */
  soFar: (period: TaxPeriod) => string;
}

/** 2026-11-07 → 07-11-2026. */
export function certificateDate(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}-${month}-${year}`;
}

const ENGLISH_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const HINDI_MONTHS = [
  "जनवरी",
  "फ़रवरी",
  "मार्च",
  "अप्रैल",
  "मई",
  "जून",
  "जुलाई",
  "अगस्त",
  "सितंबर",
  "अक्टूबर",
  "नवंबर",
  "दिसंबर",
];

const monthYear = (months: string[], period: TaxPeriod) =>
  `${months[period.number - 1]} ${period.firstDay.slice(0, 4)}`;

const english: CertificateWording = {
  title: "TDS certificate data: section 194S",
  period: (period) =>
    period.kind === "quarter"
      ? `Quarter ${period.number} of the financial year ${financialYearLabel(period.financialYear)}, ${certificateDate(period.firstDay)} to ${certificateDate(period.lastDay)}`
      : `${monthYear(ENGLISH_MONTHS, period)}, financial year ${financialYearLabel(period.financialYear)}`,
  note: (deductorName, kind) =>
    `This is the data of your TDS certificate for this ${kind === "tan_holder" ? "quarter" : "month"}. The official certificate is ${kind === "tan_holder" ? "Form 16A" : "Form 16E"}, which ${deductorName} downloads from TRACES, the Income Tax Department's TDS site, and gives you. The tax deducted shows in your Form 26AS and Annual Information Statement (AIS) once the return is filed.`,
  deductorHeading: "Deductor: the buyer who deducted the tax",
  deducteeHeading: "Deductee: you, the seller",
  name: "Name",
  tan: "TAN",
  pan: "PAN",
  deductorReturn: "Return",
  returnForm: (kind) => (kind === "tan_holder" ? "Form 26Q, quarterly" : "Form 26QE, monthly"),
  panNotGiven: "Not given (tax deducted at the higher rate)",
  deductionsHeading: "Tax deducted and deposited",
  columns: {
    paidOn: "Date paid",
    amount: "Amount paid (₹)",
    section: "Section",
    rate: "Rate",
    tds: "TDS (₹)",
    bsrCode: "Challan BSR code",
    challanDate: "Challan date",
    serialNumber: "Challan serial no.",
  },
  totalAmount: "Total paid or credited",
  totalTds: "Total tax deducted and deposited",
  footer: (preparedOn) =>
    `Prepared on ${preparedOn}. Amounts in rupees. The TDS of each sale is its amount times the rate, rounded to the whole rupee.`,
  soFar: (period) =>
    `This ${period.kind} is not over: these are its deductions so far. Download the certificate again after ${certificateDate(period.lastDay)} for the whole ${period.kind}.`,
};

const hindi: CertificateWording = {
  title: "टीडीएस प्रमाणपत्र का विवरण: धारा 194S",
  period: (period) =>
    period.kind === "quarter"
      ? `वित्त वर्ष ${financialYearLabel(period.financialYear)} की तिमाही ${period.number}, ${certificateDate(period.firstDay)} से ${certificateDate(period.lastDay)}`
      : `${monthYear(HINDI_MONTHS, period)}, वित्त वर्ष ${financialYearLabel(period.financialYear)}`,
  note: (deductorName, kind) =>
    `यह इस ${kind === "tan_holder" ? "तिमाही" : "महीने"} के आपके टीडीएस प्रमाणपत्र का विवरण है। आधिकारिक प्रमाणपत्र ${kind === "tan_holder" ? "फ़ॉर्म 16A" : "फ़ॉर्म 16E"} है, जिसे ${deductorName} आयकर विभाग की टीडीएस साइट TRACES से डाउनलोड करके आपको देता है। रिटर्न दाखिल होने के बाद काटा गया टैक्स आपके फ़ॉर्म 26AS और वार्षिक सूचना विवरण (AIS) में दिखता है।`,
  deductorHeading: "कटौतीकर्ता: टैक्स काटने वाला ख़रीदार",
  deducteeHeading: "विक्रेता: आप",
  name: "नाम",
  tan: "TAN",
  pan: "PAN",
  deductorReturn: "रिटर्न",
  returnForm: (kind) => (kind === "tan_holder" ? "फ़ॉर्म 26Q, हर तिमाही" : "फ़ॉर्म 26QE, हर महीने"),
  panNotGiven: "नहीं दिया गया (टैक्स ऊँची दर से काटा गया)",
  deductionsHeading: "काटा और जमा किया गया टैक्स",
  columns: {
    paidOn: "भुगतान की तारीख़",
    amount: "भुगतान राशि (₹)",
    section: "धारा",
    rate: "दर",
    tds: "टीडीएस (₹)",
    bsrCode: "चालान BSR कोड",
    challanDate: "चालान की तारीख़",
    serialNumber: "चालान क्रमांक",
  },
  totalAmount: "कुल भुगतान",
  totalTds: "कुल काटा और जमा किया गया टैक्स",
  footer: (preparedOn) =>
    `${preparedOn} को तैयार किया गया। राशियाँ रुपये में। हर बिक्री का टीडीएस उसकी राशि गुणा दर है, पूरे रुपये में पूर्णांकित।`,
  soFar: (period) =>
    period.kind === "quarter"
      ? `यह तिमाही अभी ख़त्म नहीं हुई है: इसमें अब तक की कटौतियाँ हैं। पूरी तिमाही के प्रमाणपत्र के लिए ${certificateDate(period.lastDay)} के बाद इसे फिर से डाउनलोड करें।`
      : `यह महीना अभी ख़त्म नहीं हुआ है: इसमें अब तक की कटौतियाँ हैं। पूरे महीने के प्रमाणपत्र के लिए ${certificateDate(period.lastDay)} के बाद इसे फिर से डाउनलोड करें।`,
};

export const CERTIFICATE_WORDING: Record<Language, CertificateWording> = { en: english, hi: hindi };

import { z } from "zod";
import { hasUnseenControls } from "./plain-text";

/*
 * The customer's identity verification (issue 24), as the /verify form submits it
 * and the server accepts it. Messages are plain English sentences for the
 * customer; the page reads its own text for a refused field (in Hindi too), the
 * server answers them as 400s naming the field.
 */

/** The address documents a customer may upload; Aadhaar only masked (domain reference). */
export const ADDRESS_DOCUMENT_KINDS = [
  "aadhaar_masked",
  "passport",
  "voter_id",
  "driving_licence",
] as const;
export type AddressDocumentKind = (typeof ADDRESS_DOCUMENT_KINDS)[number];

/** The three files of a submission, by the form field that carries each. */
export const VERIFICATION_DOCUMENTS = ["panCard", "addressDocument", "selfie"] as const;
export type VerificationDocument = (typeof VERIFICATION_DOCUMENTS)[number];

export const VERIFICATION_STATUSES = ["requested", "submitted", "verified", "rejected"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Largest file taken, each: a phone photo is 2-4 MB. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
/** What the file picker offers; the server judges the content, not the name. */
export const DOCUMENT_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";

/** An individual's PAN: five letters (the fourth `P`), four digits, a letter. */
export const PAN_PATTERN = /^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/;
export const ADULT_AGE_YEARS = 18;
const OLDEST_AGE_YEARS = 120;

/** Whether someone born on `isoDate` (YYYY-MM-DD) is at least `years` old on `today` (India's day). */
export function isAtLeastYearsOld(isoDate: string, years: number, today: string): boolean {
  const birthday = `${String(Number(isoDate.slice(0, 4)) + years).padStart(4, "0")}${isoDate.slice(4)}`;
  // Born on 29 February: the birthday in a common year is 1 March, so compare as text.
  return birthday <= today;
}

/** Today's date in India, YYYY-MM-DD: ages are counted where the customer lives. */
export function indiaToday(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const collapseSpaces = (text: string) => text.trim().replace(/\s+/g, " ");

/** Each check's message, by what it refuses: the page shows its own text for each (in Hindi too). */
export const VERIFICATION_MESSAGES = {
  legalName:
    "Enter your name exactly as on your PAN card (letters and spaces, 2 to 100 characters).",
  pan: "Enter your PAN as on the card: 5 letters, 4 digits, 1 letter (like ABCPK1234F); the fourth letter is P for a person.",
  dateOfBirth: "Enter your date of birth.",
  underage: "You must be 18 or older to verify.",
  address: "Enter your full address with the PIN code (10 to 300 characters).",
  addressCharacter: "The address contains a character that cannot be used.",
  addressDocumentKind: "Choose the kind of address document you upload.",
} as const;

export const verificationDetailsSchema = z.object({
  legalName: z
    .string()
    .transform(collapseSpaces)
    .pipe(
      z.string().regex(/^[A-Za-z][A-Za-z .'-]{1,99}$/, {
        error: VERIFICATION_MESSAGES.legalName,
      }),
    ),
  pan: z
    .string()
    .transform((pan) => pan.trim().toUpperCase())
    .pipe(
      z.string().regex(PAN_PATTERN, {
        error: VERIFICATION_MESSAGES.pan,
      }),
    ),
  dateOfBirth: z
    .string()
    .trim()
    .refine(isRealDate, { error: VERIFICATION_MESSAGES.dateOfBirth })
    .refine((date) => isAtLeastYearsOld(date, ADULT_AGE_YEARS, indiaToday()), {
      error: VERIFICATION_MESSAGES.underage,
    })
    .refine((date) => !isAtLeastYearsOld(date, OLDEST_AGE_YEARS, indiaToday()), {
      error: VERIFICATION_MESSAGES.dateOfBirth,
    }),
  address: z
    .string()
    .transform(collapseSpaces)
    .pipe(
      z
        .string()
        .min(10, { error: VERIFICATION_MESSAGES.address })
        .max(300, { error: VERIFICATION_MESSAGES.address })
        .refine((text) => !hasUnseenControls(text), {
          error: VERIFICATION_MESSAGES.addressCharacter,
        }),
    ),
  addressDocumentKind: z.enum(ADDRESS_DOCUMENT_KINDS, {
    error: VERIFICATION_MESSAGES.addressDocumentKind,
  }),
});
export type VerificationDetails = z.infer<typeof verificationDetailsSchema>;
export type VerificationDetailsInput = z.input<typeof verificationDetailsSchema>;

/** What an operator writes when rejecting (the customer reads it) or asking. */
export const verificationNoteSchema = z
  .string()
  .trim()
  .max(500, { error: "The note is longer than 500 characters." })
  .refine((note) => !hasUnseenControls(note), {
    error: "The note contains a control character.",
  });

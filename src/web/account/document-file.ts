import { MAX_DOCUMENT_BYTES } from "../../shared/verification-input";

/*
 * What /verify does with a chosen document before it is sent (decision 046): a file
 * within the limit goes as it is (the server judges it); a JPEG or PNG photo over the
 * limit is made smaller on the phone; a PDF over it cannot be, and is refused here.
 */

/**
 * What the selfie's picker offers: photos alone, so that a phone opens its front camera
 * at once (the documents' picker offers PDFs too: DOCUMENT_ACCEPT).
 */
export const SELFIE_PICKER_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";

/** How a photo over the limit is made smaller: its first try, then steps down to a floor. */
export const SHRINK = {
  /** The longest side of the first try: about 200 dpi across an A4 page. */
  longestSide: 2400,
  /** JPEG quality of the first try. */
  quality: 0.85,
  /** Each further try keeps this share of the sides and of the quality. */
  step: 0.95,
  /** Below this quality, small print blurs: no try goes under it. */
  floorQuality: 0.6,
} as const;

/** The tries after the first: as many as keep the quality at or above the floor. */
export const SHRINK_STEPS = Math.max(
  1,
  Math.floor(Math.log(SHRINK.floorQuality / SHRINK.quality) / Math.log(SHRINK.step)),
);

/**
 * The lowest quality and the smallest longest side a photo larger than the first try can
 * end with (a canvas's sides are whole pixels: each step rounds down).
 */
export const SHRINK_FLOOR = {
  quality: SHRINK.quality * SHRINK.step ** SHRINK_STEPS,
  longestSide: Array.from({ length: SHRINK_STEPS }).reduce<number>(
    (side) => Math.floor(side * SHRINK.step),
    SHRINK.longestSide,
  ),
};

const IMAGE_NAME = /\.(jpe?g|png)$/i;
const PDF_NAME = /\.pdf$/i;

/** Whether a file is named as a photo we take (a phone may give it no type). */
export const isPhotoName = (name: string) => IMAGE_NAME.test(name);

export type DocumentPlan =
  /** Within the limit (or not a file we take: the server says why). */
  | "send"
  /** A JPEG or PNG photo over the limit. */
  | "shrink"
  | "wrongType"
  | "pdfTooLarge";

/** What to do with a chosen file, by its name and size (the server still judges its content). */
export function planDocument(file: { name: string; size: number }): DocumentPlan {
  const isImage = isPhotoName(file.name);
  const isPdf = PDF_NAME.test(file.name);
  if (!isImage && !isPdf) return "wrongType";
  if (file.size <= MAX_DOCUMENT_BYTES) return "send";
  return isImage ? "shrink" : "pdfTooLarge";
}

/** A shrunk photo is a JPEG whatever it was: its name says so, as the server checks. */
export function shrunkName(name: string): string {
  return `${name.replace(/\.(jpe?g|png)$/i, "")}.jpg`;
}

/** A file's size as the page writes it: megabytes to one decimal, never "0.0" for a real file. */
export function megabytes(bytes: number): string {
  return Math.max(0.1, bytes / 1024 / 1024).toFixed(1);
}

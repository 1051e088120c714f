import { deflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";

/*
 * Identity documents for tests: real images and PDFs made here, and the hostile
 * files a customer (or attacker) might send instead.
 */

/** A small photo with EXIF carrying a GPS position, as phones write it. */
export function photoWithLocation(color = "#c08040"): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "28/1 36/1 50/1" },
    })
    .jpeg()
    .toBuffer();
}

export function pngImage(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#3060a0" } })
    .png()
    .toBuffer();
}

export async function pdfDocument(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]).drawText("Masked Aadhaar XXXX XXXX 1234", { x: 20, y: 100 });
  return Buffer.from(await document.save());
}

/** A PDF that runs a script when opened. */
export async function pdfWithScript(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]);
  document.addJavaScript("hello", "app.alert('hi')");
  return Buffer.from(await document.save());
}

/**
 * A PDF whose script hides behind a second, harmless definition of the same object
 * number: the cross-reference, which viewers follow, points to the first; a reader
 * that keeps the last definition sees only the second.
 */
export function pdfWithShadowedScript(): Buffer {
  const objects = [
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>\nendobj\n",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>\nendobj\n",
    "4 0 obj\n<< /S /JavaScript /JS (app.alert\\('pwned'\\)) >>\nendobj\n",
    "4 0 obj\n<< /S /GoTo /D [3 0 R /Fit] >>\nendobj\n",
  ];
  let text = "%PDF-1.7\n";
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(text.length);
    text += object;
  }
  const xrefAt = text.length;
  const entry = (offset = 0) => `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `xref\n0 5\n0000000000 65535 f \n${offsets.slice(0, 4).map(entry).join("")}`;
  text += `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

/** A valid 1-bit PNG of `size` × `size` pixels in a few kilobytes: a decompression bomb. */
export function pngBomb(size = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const rows = Buffer.alloc(size * (1 + Math.ceil(size / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The details a customer types on /verify. */
export const VERIFICATION_DETAILS = {
  legalName: "Ravi Kumar Sharma",
  pan: "abcpk1234f",
  dateOfBirth: "1990-04-15",
  address: "12 MG Road, Indiranagar, Bengaluru 560038",
  addressDocumentKind: "aadhaar_masked",
};

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
}

/** The multipart form /verify sends. */
export function verificationForm(
  files: { panCard: UploadFile; addressDocument: UploadFile; selfie: UploadFile },
  details: Record<string, string> = VERIFICATION_DETAILS,
): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(details)) form.set(field, value);
  for (const [field, file] of Object.entries(files)) {
    form.set(field, new File([new Uint8Array(file.bytes)], file.name));
  }
  return form;
}

/** A valid set of three documents: a photo, a PDF, a PNG. */
export async function validDocuments() {
  return {
    panCard: { name: "pan.jpg", bytes: await photoWithLocation() },
    addressDocument: { name: "aadhaar.pdf", bytes: await pdfDocument() },
    selfie: { name: "selfie.png", bytes: await pngImage() },
  };
}

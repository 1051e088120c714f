import { constants, crc32, deflateRawSync } from "node:zlib";

/*
 * Workbooks that inflate a thousand times over, made in a moment for tests: a
 * piece of XML repeated is deflated once after a full flush (which empties the
 * compressor's window), so its compressed block can be repeated as it is.
 */

const SPREADSHEET = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const MB = 1024 * 1024;

/** XML text, or one piece of it `times` times over. */
type Piece = string | { repeat: string; times: number };
type BombPart = { name: string; pieces: Piece[] };

/** The same piece over and over, to about 1 MB. */
function megabyteOf(piece: string): string {
  return piece.repeat(Math.ceil(MB / piece.length));
}

function deflated(piece: Piece): { compressed: Buffer[]; size: number } {
  const flushed = (text: string) =>
    deflateRawSync(Buffer.from(text), { finishFlush: constants.Z_FULL_FLUSH });
  if (typeof piece === "string") return { compressed: [flushed(piece)], size: piece.length };
  const block = flushed(piece.repeat);
  return {
    compressed: Array.from({ length: piece.times }, () => block),
    size: piece.repeat.length * piece.times,
  };
}

/**
 * A ZIP of the parts, deflated. `declare` sets what the directory says a part
 * inflates to (a lie, if asked); its CRC is left 0 for repeated pieces.
 */
function zipOf(parts: BombPart[], declare: (name: string, size: number) => number): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, pieces } of parts) {
    const pieceData = pieces.map(deflated);
    const data = Buffer.concat([
      ...pieceData.flatMap((piece) => piece.compressed),
      deflateRawSync(Buffer.alloc(0)), // the final block
    ]);
    const size = declare(
      name,
      pieceData.reduce((sum, piece) => sum + piece.size, 0),
    );
    const crc = pieces.every((piece) => typeof piece === "string") ? crc32(pieces.join("")) : 0;
    const fileName = Buffer.from(name);
    // What the local header and the directory entry both say of the part, in the same order.
    const fields = Buffer.alloc(26);
    fields.writeUInt16LE(20, 0); // version needed
    fields.writeUInt16LE(8, 4); // deflated
    fields.writeUInt16LE(0x21, 8); // 1 January 1980
    fields.writeUInt32LE(crc, 10);
    fields.writeUInt32LE(data.byteLength, 14);
    fields.writeUInt32LE(size, 18);
    fields.writeUInt16LE(fileName.byteLength, 22);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields.copy(local, 4);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // version made by
    fields.copy(entry, 6);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, fileName);
    chunks.push(local, fileName, data);
    offset += local.byteLength + fileName.byteLength + data.byteLength;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, directoryBytes, end]);
}

/** A workbook of one sheet, its parts stored in Excel's order: the sheet before the shared strings. */
function workbook(sheet: Piece[], sharedStrings?: Piece[]): BombPart[] {
  return [
    {
      name: "[Content_Types].xml",
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
      ],
    },
    {
      name: "_rels/.rels",
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: "xl/workbook.xml",
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SPREADSHEET}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Statement" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ],
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ],
    },
    {
      name: "xl/worksheets/sheet1.xml",
      pieces: [
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SPREADSHEET}"><sheetData>`,
        ...sheet,
        "</sheetData></worksheet>",
      ],
    },
    ...(sharedStrings
      ? [
          {
            name: "xl/sharedStrings.xml",
            pieces: [
              `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${SPREADSHEET}">`,
              ...sharedStrings,
              "</sst>",
            ],
          },
        ]
      : []),
  ];
}

const HEADER_ROW = `<row r="1">${["Tran Date", "CHQNO", "PARTICULARS", "DR", "CR", "BAL", "SOL"]
  .map(
    (text, column) =>
      `<c r="${String.fromCharCode(65 + column)}1" t="inlineStr"><is><t>${text}</t></is></c>`,
  )
  .join("")}</row>`;

export type XlsxBomb = "one long cell" | "many rows" | "many shared strings";

/**
 * A workbook whose one statement part inflates to `megabytes` MB: one cell of
 * that length, that many megabytes of transaction rows, or of shared strings.
 * `declaredBytes` makes its directory say the part is that small instead.
 */
export function xlsxBomb(
  kind: XlsxBomb,
  { megabytes, declaredBytes }: { megabytes: number; declaredBytes?: number },
): Buffer {
  const times = megabytes;
  const parts =
    kind === "one long cell"
      ? workbook([
          HEADER_ROW,
          `<row r="2"><c r="A2" t="inlineStr"><is><t>24-11-2026</t></is></c><c r="C2" t="inlineStr"><is><t>`,
          { repeat: megabyteOf("UPI/CR/412345678901/RAHUL KUMAR/"), times },
          "</t></is></c></row>",
        ])
      : kind === "many rows"
        ? workbook([
            HEADER_ROW,
            {
              // One row number over and over: every row is a transaction.
              repeat: megabyteOf(
                `<row r="2"><c r="A2" t="inlineStr"><is><t>24-11-2026</t></is></c><c r="C2" t="inlineStr"><is><t>UPI/CR/412345678901/RAHUL KUMAR</t></is></c><c r="E2"><v>10</v></c></row>`,
              ),
              times,
            },
          ])
        : workbook(
            [HEADER_ROW, `<row r="2"><c r="A2" t="s"><v>0</v></c></row>`],
            [{ repeat: megabyteOf("<si><t>UPI/CR/412345678901/RAHUL KUMAR</t></si>"), times }],
          );
  const bombPart =
    kind === "many shared strings" ? "xl/sharedStrings.xml" : "xl/worksheets/sheet1.xml";
  return zipOf(parts, (name, size) =>
    name === bombPart && declaredBytes !== undefined ? declaredBytes : size,
  );
}

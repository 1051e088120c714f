/*
 * The text an uncompressed PDF from pdfkit shows, one shown run a line: each font's
 * codes read through its ToUnicode map (an embedded font's glyphs), or as Latin-1
 * bytes (the standard fonts). A Devanagari glyph reads as the letters it draws, in the
 * order it is drawn: a ि matra before its consonant.
 */

type UnicodeMap = Map<string, string>;

/** UTF-16BE hex ("0915094d") as text. */
const utf16 = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

/** A ToUnicode CMap's bfchar and bfrange entries, by the code's hex in lower case. */
function readUnicodeMap(cmap: string): UnicodeMap {
  const map: UnicodeMap = new Map();
  const code = (value: number, width: number) => value.toString(16).padStart(width, "0");
  for (const [, ranges = ""] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, first = "", last = "", targets = ""] of ranges.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g,
    )) {
      const start = Number.parseInt(first, 16);
      const end = Number.parseInt(last, 16);
      // A glyph drawing several letters (a conjunct) maps to them all: "<092a 094d 0930>".
      const listed = [...targets.matchAll(/<([0-9a-fA-F\s]+)>/g)].map(([, hex = ""]) =>
        hex.replace(/\s/g, ""),
      );
      for (let value = start; value <= end; value += 1) {
        const target = targets.startsWith("[")
          ? listed[value - start]
          : code(Number.parseInt(listed[0] ?? "0", 16) + value - start, 4);
        if (target) map.set(code(value, first.length).toLowerCase(), utf16(target));
      }
    }
  }
  for (const [, chars = ""] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, source = "", target = ""] of chars.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g,
    )) {
      map.set(source.toLowerCase(), utf16(target.replace(/\s/g, "")));
    }
  }
  return map;
}

/** Each font resource name (F2) with the unicode map of the font it names, if it has one. */
function fontMaps(pdf: string): Map<string, UnicodeMap> {
  const objects = new Map<string, string>();
  for (const [, id = "", body = ""] of pdf.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    objects.set(id, body);
  }
  const maps = new Map<string, UnicodeMap>();
  for (const [, name = "", id = ""] of pdf.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(id) ?? "")?.[1];
    const cmap = toUnicode && /stream\r?\n([\s\S]*?)endstream/.exec(objects.get(toUnicode) ?? "");
    if (cmap?.[1]) maps.set(name, readUnicodeMap(cmap[1]));
  }
  return maps;
}

export function pdfText(pdf: Buffer): string {
  const text = pdf.toString("latin1");
  const maps = fontMaps(text);
  const lines: string[] = [];
  let font: UnicodeMap | undefined;
  for (const [, fontName, shown] of text.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (fontName) {
      font = maps.get(fontName);
      continue;
    }
    const hexes = [...(shown ?? "").matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex = ""]) => hex);
    lines.push(
      hexes
        .map((hex) =>
          font
            ? (hex.match(/.{4}/g) ?? [])
                .map((glyph) => font?.get(glyph.toLowerCase()) ?? "")
                .join("")
            : Buffer.from(hex, "hex").toString("latin1"),
        )
        .join(""),
    );
  }
  return lines.join("\n");
}

/** The base names of the fonts a PDF embeds (a subset's prefix taken off): "NotoSansDevanagari-Regular". */
export function embeddedFonts(pdf: Buffer): string[] {
  const descriptors = pdf.toString("latin1").matchAll(/\/Type \/FontDescriptor([\s\S]*?)>>/g);
  const names = [...descriptors]
    // A descriptor with a font file: the font is in the PDF, not left to the reader's machine.
    .filter(([, body = ""]) => /\/FontFile[23]? \d+ 0 R/.test(body))
    .map(([, body = ""]) => /\/FontName \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(body)?.[1] ?? "");
  return [...new Set(names)].sort();
}

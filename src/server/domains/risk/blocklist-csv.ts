import { parse } from "csv-parse/sync";
import {
  BLOCKLIST_KIND_EXPECTS,
  BLOCKLIST_KINDS,
  type BlocklistKind,
  normaliseBlocklistValue,
} from "../../../shared/blocklist-keys";
import { hasUnseenControls } from "../../../shared/plain-text";
import { csvLine } from "../../platform/http/csv";
import { AppError } from "../../platform/http/errors";

/** The columns of an exported list; an import reads the first three. */
const HEADER = ["kind", "value", "reason", "added_at", "added_by"];
/** The longest reason an entry keeps (the table's check). */
const REASON_MAX = 500;
const VALUE_MAX = 200;

/** An export's file name, by India's date. */
export function blocklistFileName(now = new Date()) {
  const day = now.toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
  return `rupeedesk-blocklist-${day}.csv`;
}

export function blocklistCsv(
  entries: {
    kind: string;
    value: string;
    reason: string;
    createdAt: string;
    createdBy: string | null;
  }[],
): string {
  return [
    csvLine(HEADER),
    ...entries.map((entry) =>
      csvLine([entry.kind, entry.value, entry.reason, entry.createdAt, entry.createdBy]),
    ),
  ].join("");
}

export interface ImportedEntry {
  kind: BlocklistKind;
  value: string;
  normalised: string;
  reason: string;
}

function refused(line: number, problem: string): AppError {
  return new AppError(400, "INVALID_CSV", `Line ${line}: ${problem} Nothing was imported.`, {
    line,
  });
}

/** A cell the export guarded against spreadsheet formulas, as it was. */
function unguarded(cell: string): string {
  return cell.replace(/^'(?=[=+\-@\t\r])/, "");
}

/**
 * Reads a list as the export writes it (kind, value, reason; further columns
 * ignored), every line checked before anything is written: the first bad line
 * refuses the whole file, named by its number.
 */
export function readBlocklistCsv(text: string): ImportedEntry[] {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true });
  } catch (error) {
    throw new AppError(
      400,
      "INVALID_CSV",
      `This is not a readable CSV file: ${error instanceof Error ? error.message : "unknown error"}`,
    );
  }
  const [header, ...lines] = rows;
  if (header?.slice(0, 3).join(",") !== HEADER.slice(0, 3).join(",")) {
    throw refused(1, `the first line must be the header "${HEADER.slice(0, 3).join(",")}".`);
  }
  return lines.map((cells, index) => {
    const line = index + 2;
    const [kind = "", rawValue = "", rawReason = ""] = cells.map((cell) => unguarded(cell.trim()));
    if (!(BLOCKLIST_KINDS as readonly string[]).includes(kind)) {
      throw refused(line, `the kind must be one of ${BLOCKLIST_KINDS.join(", ")}.`);
    }
    const known = kind as BlocklistKind;
    const normalised =
      rawValue.length <= VALUE_MAX && !hasUnseenControls(rawValue)
        ? normaliseBlocklistValue(known, rawValue)
        : null;
    if (normalised === null)
      throw refused(line, `the value must be ${BLOCKLIST_KIND_EXPECTS[known]}.`);
    if (rawReason === "" || rawReason.length > REASON_MAX || hasUnseenControls(rawReason)) {
      throw refused(line, `the reason must be one line of 1 to ${REASON_MAX} characters.`);
    }
    return { kind: known, value: rawValue, normalised, reason: rawReason };
  });
}

import Papa from "papaparse";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, importRowSchema, type ImportRow } from "@/lib/people/bulk-import-schemas";
import { formatNumber, plural, pluralWord } from "@/lib/format";

// The bulk-import CSV reader (docs/decisions.md (Screens, texts and limits)). It runs in the browser for the
// preview and anywhere else the same rules are needed, so it imports nothing server-only.
// Unlike the prototype it never drops a row silently: every skipped line comes back with its
// line number and the reason.

type Field = keyof ImportRow;

const COLUMNS: readonly { field: Field; label: string; aliases: readonly string[]; required: boolean }[] = [
  { field: "firstName", label: "First Name", aliases: ["first name", "firstname"], required: true },
  { field: "lastName", label: "Last Name", aliases: ["last name", "lastname"], required: true },
  { field: "email", label: "Email", aliases: ["email"], required: true },
  { field: "role", label: "Role", aliases: ["role"], required: false },
  { field: "department", label: "Department", aliases: ["department", "team"], required: false },
  { field: "managerEmail", label: "Manager Email", aliases: ["manager email", "manager"], required: false },
];
const BY_ALIAS = new Map(COLUMNS.flatMap((c) => c.aliases.map((a) => [a, c] as const)));

export const TEMPLATE_HEADER = COLUMNS.map((c) => c.label).join(",");

export const CSV_ERRORS = {
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files and import them one after another.`,
  empty: "The file is empty.",
  notCsv:
    "This does not look like a CSV file. Save your spreadsheet as 'CSV UTF-8 (comma-separated values)' and try again.",
  unreadable: "The file could not be read. Check that it is a CSV file you can open, and try again.",
  wrongType: "Only .csv files can be imported. Save your spreadsheet as 'CSV UTF-8 (comma-separated values)' first.",
  noHeader: `The first line must be a header naming the columns: ${TEMPLATE_HEADER.replaceAll(",", ", ")}.`,
  noData: "The file has a header but no data lines. Add one line per person below the header.",
  tooMany: `The file has more than ${formatNumber(MAX_IMPORT_ROWS)} people. Import at most ${formatNumber(MAX_IMPORT_ROWS)} at a time.`,
} as const;

export type CsvImportRow = ImportRow & { line: number };
type CsvRowProblem = { line: number; email: string | null; problems: string[] };
export type CsvParseResult = {
  /** Rows that will be imported, in file order. */
  rows: CsvImportRow[];
  /** Rows that will not be imported, each with its reasons. */
  problems: CsvRowProblem[];
  /** Problems with the whole file; when any is present there are no rows. */
  fileErrors: string[];
};

const normaliseHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, " ");
const fileError = (message: string): CsvParseResult => ({ rows: [], problems: [], fileErrors: [message] });

function byteLength(text: string): number {
  // Cheap bound first: UTF-8 needs at most 3 bytes per UTF-16 code unit.
  if (text.length * 3 <= MAX_IMPORT_BYTES) return text.length;
  return new TextEncoder().encode(text).byteLength;
}

/** Checks a chosen file before reading it (name, size). Null when it may be read. */
export function checkImportFile(file: { name: string; size: number; type?: string }): string | null {
  const csvType = file.type === "text/csv" || file.type === "application/vnd.ms-excel";
  if (!/\.csv$/i.test(file.name) && !csvType) return CSV_ERRORS.wrongType;
  if (file.size > MAX_IMPORT_BYTES) return CSV_ERRORS.tooLarge;
  if (file.size === 0) return CSV_ERRORS.empty;
  return null;
}

type CsvRecord = { cells: string[]; line: number; unclosedQuote: boolean };

/** Splits the text into records, each with the line it starts on (quoted cells may span lines). */
function readRecords(text: string, limit: number): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cursor = 0;
  let line = 1;
  const advanceTo = (end: number) => {
    for (; cursor < end; cursor++) if (text.charCodeAt(cursor) === 10) line++;
  };
  Papa.parse<string[]>(text, {
    newline: "\n",
    delimitersToGuess: [",", ";", "\t"],
    // Empty lines are dropped below rather than by papaparse, so every record starts exactly
    // where the previous one ended and line numbers stay right.
    skipEmptyLines: false,
    step: (result, parser) => {
      const startLine = line;
      advanceTo(result.meta.cursor);
      if (result.data.every((cell) => cell.trim() === "")) return;
      records.push({
        cells: result.data,
        line: startLine,
        unclosedQuote: result.errors.some((e) => e.code === "MissingQuotes"),
      });
      if (records.length > limit) parser.abort();
    },
  });
  return records;
}

type Header = { index: Map<Field, number>; width: number; errors: string[] };

function readHeader(cells: string[]): Header {
  const index = new Map<Field, number>();
  const unknown: string[] = [];
  const duplicate: string[] = [];
  let width = 0;
  cells.forEach((raw, i) => {
    const name = raw.trim();
    // A column without a name (a trailing comma from a spreadsheet) is ignored.
    if (!name) return;
    width = i + 1;
    const column = BY_ALIAS.get(normaliseHeader(name));
    if (!column) unknown.push(name);
    else if (index.has(column.field)) duplicate.push(name);
    else index.set(column.field, i);
  });
  if (index.size === 0) return { index, width, errors: [CSV_ERRORS.noHeader] };
  const errors: string[] = [];
  if (unknown.length) {
    errors.push(
      `Unknown ${pluralWord(unknown.length, "column")}: ${unknown.join(", ")}. Use First Name, Last Name, Email, Role, Department (or Team) and Manager Email (or Manager).`,
    );
  }
  if (duplicate.length)
    errors.push(
      `${duplicate.length === 1 ? "This column appears" : "These columns appear"} twice: ${duplicate.join(", ")}.`,
    );
  const missing = COLUMNS.filter((c) => c.required && !index.has(c.field)).map((c) => c.label);
  if (missing.length) errors.push(`Missing required ${pluralWord(missing.length, "column")}: ${missing.join(", ")}.`);
  return { index, width, errors };
}

function rowProblems(
  record: CsvRecord,
  header: Header,
): { row: ImportRow | null; email: string | null; problems: string[] } {
  const value = (f: Field) => {
    const i = header.index.get(f);
    return i === undefined ? undefined : (record.cells[i] ?? "").trim();
  };
  const email = value("email") || null;
  const problems: string[] = [];
  if (record.unclosedQuote) problems.push("A quoted cell is never closed, so the rest of the file was read into it");
  // A row is kept only when it has at least as many cells as the header has columns.
  if (record.cells.length < header.width) {
    problems.push(`Has ${plural(record.cells.length, "cell")} but the header has ${plural(header.width, "column")}`);
  }
  const parsed = importRowSchema.safeParse(Object.fromEntries(COLUMNS.map((c) => [c.field, value(c.field)])));
  if (!parsed.success)
    for (const issue of parsed.error.issues) if (!problems.includes(issue.message)) problems.push(issue.message);
  return { row: parsed.success && problems.length === 0 ? parsed.data : null, email, problems };
}

/** Parses CSV text (quoted cells, line breaks in quotes, BOM, CRLF) into import rows. */
export function parseImportCsv(input: string): CsvParseResult {
  if (byteLength(input) > MAX_IMPORT_BYTES) return fileError(CSV_ERRORS.tooLarge);
  const text = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).replace(/\r\n?/g, "\n");
  if (text.trim() === "") return fileError(CSV_ERRORS.empty);
  // Spreadsheets (.xlsx is a zip) and UTF-16 text are full of NUL characters; CSV never is.
  if (text.includes("\u0000")) return fileError(CSV_ERRORS.notCsv);

  const records = readRecords(text, MAX_IMPORT_ROWS + 1);
  const header = readHeader(records[0]?.cells ?? []);
  const fileErrors = [...header.errors];
  if (records.length === 1 && header.index.size > 0) fileErrors.push(CSV_ERRORS.noData);
  if (records.length > MAX_IMPORT_ROWS + 1) fileErrors.push(CSV_ERRORS.tooMany);
  if (fileErrors.length) return { rows: [], problems: [], fileErrors };

  const rows: CsvImportRow[] = [];
  const problems: CsvRowProblem[] = [];
  const firstLineOf = new Map<string, number>();
  for (const record of records.slice(1)) {
    const checked = rowProblems(record, header);
    if (checked.row) {
      const seen = firstLineOf.get(checked.row.email);
      if (seen === undefined) {
        firstLineOf.set(checked.row.email, record.line);
        rows.push({ ...checked.row, line: record.line });
        continue;
      }
      checked.problems.push(`Duplicate email: ${checked.row.email} is already on line ${seen}`);
    }
    problems.push({ line: record.line, email: checked.email, problems: checked.problems });
  }
  return { rows, problems, fileErrors: [] };
}

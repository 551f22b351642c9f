import { describe, expect, it } from "vitest";
import { CSV_ERRORS, TEMPLATE_HEADER, checkImportFile, parseImportCsv } from "@/lib/people/csv";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, importRowSchema } from "@/lib/people/bulk-import-schemas";
import { NAME_MESSAGE } from "@/lib/validation/names";

const HEADER = "First Name,Last Name,Email,Role,Department,Manager Email";
const csv = (...lines: string[]) => lines.join("\n");

describe("parseImportCsv", () => {
  it("reads the template's header and maps every column", () => {
    expect(TEMPLATE_HEADER).toBe(HEADER);
    const r = parseImportCsv(csv(HEADER, "Jane,Doe,Jane@Example.com,Manager,Sales,boss@example.com"));
    expect(r).toEqual({
      rows: [
        {
          line: 2,
          firstName: "Jane",
          lastName: "Doe",
          email: "jane@example.com",
          role: "manager",
          department: "Sales",
          managerEmail: "boss@example.com",
        },
      ],
      problems: [],
      fileErrors: [],
    });
  });

  it("accepts the header aliases in any case and column order", () => {
    const r = parseImportCsv(
      csv("MANAGER, team ,email,lastname,FirstName", "boss@example.com,Ops,a@example.com,Doe,Al"),
    );
    expect(r.rows).toEqual([
      {
        line: 2,
        firstName: "Al",
        lastName: "Doe",
        email: "a@example.com",
        role: "employee",
        department: "Ops",
        managerEmail: "boss@example.com",
      },
    ]);
    expect(parseImportCsv(csv("first name,last name,e-mail", "a,b,c")).fileErrors[0]).toMatch(
      /^Unknown column: e-mail\./,
    );
  });

  it("handles quoted cells with commas, quotes and line breaks, a byte-order mark and CRLF", () => {
    const text = `\uFEFF${HEADER}\r\n"Doe, Jr.","O""Brien","a@example.com",,"R&D, Lab",\r\nCy,"Two\r\nLines",c@example.com,,,\r\n\r\nBo,Li,b@example.com,,,\r\n`;
    const r = parseImportCsv(text);
    expect(r.fileErrors).toEqual([]);
    expect(r.rows.map((x) => [x.line, x.firstName, x.lastName, x.department])).toEqual([
      [2, "Doe, Jr.", 'O"Brien', "R&D, Lab"],
      // The quoted line break and the blank line both count: Bo is on line 6.
      [6, "Bo", "Li", undefined],
    ]);
    // A line break is read as part of its cell, and a name may not hold one.
    expect(r.problems).toEqual([{ line: 3, email: "c@example.com", problems: [NAME_MESSAGE] }]);
  });

  it("trims cells and defaults the role to employee", () => {
    const r = parseImportCsv(csv("First Name,Last Name,Email,Role", "  Ann , Lee ,  ann@example.com  ,  "));
    expect(r.rows[0]).toMatchObject({ firstName: "Ann", lastName: "Lee", email: "ann@example.com", role: "employee" });
  });

  it("reports each row it will not import, with its line and reasons", () => {
    const r = parseImportCsv(
      csv(
        HEADER,
        "Ann,Lee,ann@example.com",
        ",Lee,no-name@example.com,,,",
        "Bob,,bob@example.com,,,",
        "Cy,Po,not-an-email,,,",
        "Di,Ra,di@example.com,admin,,",
        "Ed,Su,ed@example.com,,,boss(at)example.com",
        "Fay,Wu,ANN@example.com,,,",
        "Gus,Ho,gus@example.com,employee,Ops,",
      ),
    );
    // Line 2 was not kept, so Fay's ann@ on line 8 is the first that counts.
    expect(r.rows.map((x) => [x.line, x.email])).toEqual([
      [8, "ann@example.com"],
      [9, "gus@example.com"],
    ]);
    expect(r.problems).toEqual([
      { line: 2, email: "ann@example.com", problems: ["Has 3 cells but the header has 6 columns"] },
      { line: 3, email: "no-name@example.com", problems: ["First name is required"] },
      { line: 4, email: "bob@example.com", problems: ["Last name is required"] },
      { line: 5, email: "not-an-email", problems: ["Invalid email address"] },
      { line: 6, email: "di@example.com", problems: ["Role must be employee or manager"] },
      { line: 7, email: "ed@example.com", problems: ["Invalid manager email address"] },
    ]);
  });

  it("flags a duplicate e-mail against the first line that has it", () => {
    const r = parseImportCsv(csv("First Name,Last Name,Email", "A,B,x@example.com", "C,D,X@EXAMPLE.COM"));
    expect(r.rows).toHaveLength(1);
    expect(r.problems).toEqual([
      { line: 3, email: "X@EXAMPLE.COM", problems: ["Duplicate email: x@example.com is already on line 2"] },
    ]);
  });

  it("reports an unclosed quote on the line where it starts", () => {
    const r = parseImportCsv(
      csv("First Name,Last Name,Email", "A,B,a@example.com", 'C,"D,c@example.com', "E,F,e@example.com"),
    );
    expect(r.rows.map((x) => x.email)).toEqual(["a@example.com"]);
    expect(r.problems[0]).toMatchObject({ line: 3 });
    expect(r.problems[0]!.problems[0]).toMatch(/quoted cell is never closed/);
  });

  it("ignores unnamed trailing columns and extra cells, and skips blank lines", () => {
    const r = parseImportCsv(
      csv("First Name,Last Name,Email,,", "A,B,a@example.com,,,extra", "", "  ", ",,,,", "C,D,c@example.com"),
    );
    expect(r.rows.map((x) => x.line)).toEqual([2, 6]);
    expect(r.problems).toEqual([]);
  });

  it("guesses semicolon- and tab-separated files", () => {
    expect(parseImportCsv(csv("First Name;Last Name;Email", "A;B;a@example.com")).rows).toHaveLength(1);
    expect(parseImportCsv(csv("First Name\tLast Name\tEmail", "A\tB\ta@example.com")).rows).toHaveLength(1);
  });

  describe("file-level errors", () => {
    it.each([
      ["an empty file", "", CSV_ERRORS.empty],
      ["only whitespace", " \r\n \n", CSV_ERRORS.empty],
      ["a byte-order mark only", "\uFEFF", CSV_ERRORS.empty],
      ["binary content (a spreadsheet, UTF-16)", "PK\u0003\u0004\u0000\u0000binary", CSV_ERRORS.notCsv],
      ["no header (data on the first line)", "Jane,Doe,jane@example.com", CSV_ERRORS.noHeader],
      ["a header and no data", `${HEADER}\n\n`, CSV_ERRORS.noData],
    ])("%s", (_name, text, message) => {
      expect(parseImportCsv(text)).toEqual({ rows: [], problems: [], fileErrors: [message] });
    });

    it("names unknown columns", () => {
      expect(parseImportCsv(csv("First Name,Last Name,Email,Phone,Title", "a,b,c@d.co,1,2")).fileErrors).toEqual([
        "Unknown columns: Phone, Title. Use First Name, Last Name, Email, Role, Department (or Team) and Manager Email (or Manager).",
      ]);
    });

    it("names missing required columns", () => {
      expect(parseImportCsv(csv("Email,Role", "a@b.co,manager")).fileErrors).toEqual([
        "Missing required columns: First Name, Last Name.",
      ]);
      expect(parseImportCsv(csv("First Name,Last Name", "a,b")).fileErrors).toEqual([
        "Missing required column: Email.",
      ]);
    });

    it("names a column given twice (directly or by alias)", () => {
      expect(parseImportCsv(csv("First Name,Last Name,Email,Department,Team", "a,b,c@d.co,x,y")).fileErrors).toEqual([
        "This column appears twice: Team.",
      ]);
    });

    it("refuses more than 5 MB", () => {
      const big = `${HEADER}\n${"x".repeat(MAX_IMPORT_BYTES)}`;
      expect(parseImportCsv(big).fileErrors).toEqual([CSV_ERRORS.tooLarge]);
      // Counted in UTF-8 bytes, not characters.
      const wide = `${HEADER}\n${"é".repeat(MAX_IMPORT_BYTES / 2)}`;
      expect(wide.length).toBeLessThan(MAX_IMPORT_BYTES);
      expect(parseImportCsv(wide).fileErrors).toEqual([CSV_ERRORS.tooLarge]);
    });

    it("refuses more than 10,000 people", () => {
      const lines = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `A,B,p${i}@example.com`);
      expect(parseImportCsv(csv("First Name,Last Name,Email", ...lines)).fileErrors).toEqual([CSV_ERRORS.tooMany]);
      expect(parseImportCsv(csv("First Name,Last Name,Email", ...lines.slice(1))).rows).toHaveLength(MAX_IMPORT_ROWS);
    });
  });
});

describe("checkImportFile", () => {
  it("accepts .csv files up to 5 MB", () => {
    expect(checkImportFile({ name: "people.CSV", size: 10 })).toBeNull();
    expect(checkImportFile({ name: "export", size: 10, type: "text/csv" })).toBeNull();
  });
  it("refuses other files, empty ones and large ones", () => {
    expect(
      checkImportFile({
        name: "people.xlsx",
        size: 10,
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      }),
    ).toBe(CSV_ERRORS.wrongType);
    expect(checkImportFile({ name: "people.csv", size: 0 })).toBe(CSV_ERRORS.empty);
    expect(checkImportFile({ name: "people.csv", size: MAX_IMPORT_BYTES + 1 })).toBe(CSV_ERRORS.tooLarge);
  });
});

describe("importRowSchema", () => {
  it("is what the server checks again: output parses to itself", () => {
    const row = importRowSchema.parse({
      firstName: " A ",
      lastName: "B",
      email: "A@B.CO",
      role: "MANAGER",
      department: "",
      managerEmail: null,
    });
    expect(row).toEqual({
      firstName: "A",
      lastName: "B",
      email: "a@b.co",
      role: "manager",
      department: undefined,
      managerEmail: undefined,
    });
    expect(importRowSchema.parse(JSON.parse(JSON.stringify(row)))).toEqual(row);
  });
});

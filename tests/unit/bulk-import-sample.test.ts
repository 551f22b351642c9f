import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseImportCsv } from "@/lib/people/csv";
import {
  TEMPLATE_SAMPLE_PEOPLE,
  isTemplateSample,
  sampleRowsMessage,
  templateSamplesIn,
} from "@/lib/people/bulk-import-sample";

const template = parseImportCsv(readFileSync("public/templates/users-template.csv", "utf8"));

describe("the import template's example people", () => {
  it("are exactly the people the downloadable template holds", () => {
    expect(template.fileErrors).toEqual([]);
    expect(template.rows.map(({ firstName, lastName, email }) => ({ firstName, lastName, email }))).toEqual(
      TEMPLATE_SAMPLE_PEOPLE,
    );
    expect(templateSamplesIn(template.rows)).toHaveLength(3);
  });

  it("are found whatever the case and spacing the admin's spreadsheet gave them", () => {
    expect(isTemplateSample({ firstName: " JANE ", lastName: "doe", email: "Jane.Doe@Example.com " })).toBe(true);
  });

  it("are not a real person sharing a name or an address with them", () => {
    expect(isTemplateSample({ firstName: "Jane", lastName: "Doe", email: "jane.doe@acme.com" })).toBe(false);
    expect(isTemplateSample({ firstName: "Janet", lastName: "Doe", email: "jane.doe@example.com" })).toBe(false);
    expect(isTemplateSample({ firstName: "Maria", lastName: "Garcia", email: "john.smith@example.com" })).toBe(false);
    expect(isTemplateSample({ firstName: "Ann", lastName: "Lee", email: "ann@example.com" })).toBe(false);
  });

  it("are picked out of a file that mixes them with real people, in file order", () => {
    const rows = [
      { firstName: "Ann", lastName: "Lee", email: "ann@acme.com" },
      { firstName: "Maria", lastName: "Garcia", email: "maria.garcia@example.com" },
      { firstName: "Bo", lastName: "Ek", email: "bo@acme.com" },
      { firstName: "Jane", lastName: "Doe", email: "jane.doe@example.com" },
    ];
    expect(templateSamplesIn(rows).map((r) => r.email)).toEqual(["maria.garcia@example.com", "jane.doe@example.com"]);
  });

  it("are named in the server's refusal by count", () => {
    expect(sampleRowsMessage(1)).toMatch(/^The file still holds 1 example person from the import template/);
    expect(sampleRowsMessage(3)).toMatch(/3 example people .* Nothing was imported/);
  });
});

import { plural } from "@/lib/format";

// The import template (public/templates/users-template.csv) ships with three example people so
// the admin sees the columns filled in. Imported unchanged, they would take seats and be sent
// invitations at example.com, so the browser asks before importing them and the server refuses them
// unless the request says the admin confirmed. Client-safe: both sides use the same list.

type Person = { firstName: string; lastName: string; email: string };

/** Exactly the template's example people (tests/unit/bulk-import-sample.test.ts checks the file). */
export const TEMPLATE_SAMPLE_PEOPLE: readonly Person[] = [
  { firstName: "Jane", lastName: "Doe", email: "jane.doe@example.com" },
  { firstName: "John", lastName: "Smith", email: "john.smith@example.com" },
  { firstName: "Maria", lastName: "Garcia", email: "maria.garcia@example.com" },
];

const key = (p: Person) => [p.firstName, p.lastName, p.email].map((v) => v.trim().toLowerCase()).join("\u0000");
const SAMPLE_KEYS = new Set(TEMPLATE_SAMPLE_PEOPLE.map(key));

/** Whether a row is one of the template's example people: the same e-mail and the same name (a
 * real Jane Doe has her own address; someone at jane.doe@example.com with another name is kept). */
export function isTemplateSample(row: Person): boolean {
  return SAMPLE_KEYS.has(key(row));
}

/** The rows that are the template's example people, in their order. */
export function templateSamplesIn<T extends Person>(rows: readonly T[]): T[] {
  return rows.filter(isTemplateSample);
}

/** "Jane Doe (jane.doe@example.com)" for each example person found. */
export const sampleLabel = (p: Person) => `${p.firstName} ${p.lastName} (${p.email})`;

/** The server's refusal when the examples come without the admin's confirmation. */
export function sampleRowsMessage(count: number): string {
  return `The file still holds ${plural(count, "example person", "example people")} from the import template (at example.com). Nothing was imported: remove them from the file, or confirm that they should be imported.`;
}

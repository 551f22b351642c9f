import type { Role } from "@/lib/generated/prisma/enums";
import { importRequestRowSchema, type ImportRow } from "@/lib/people/bulk-import-schemas";

// The pure half of the bulk import: from the posted rows and a snapshot of the organisation's
// people and teams, decide who is created, in which team, reporting to whom, and what is reported
// back. bulk-import.ts then writes the plan in one transaction.
//
// Rules (matching the single-user form in lib/people/users.ts):
// - an e-mail already in the organisation, or twice in the import, fails that row;
// - departments reuse a team whose name matches case-insensitively, or create one;
// - the first 'manager' row of a team without a manager leads it; a further manager for a team
//   that already has one is imported without a team (a team has one manager) and warned about;
// - managerEmail may name a manager or admin of the organisation, or a 'manager' row of the same
//   import; anything else (unknown, an employee, oneself, a loop) imports the person without a
//   manager and adds a warning, because the person is still wanted and the link can be set later.

export type LabelledRow = { at: number; label: string; row: ImportRow };
export type Message = { at: number; text: string };
export type ExistingPerson = { id: string; email: string; role: Role };
export type ExistingTeam = { id: string; name: string; managerId: string | null };

export type PlannedUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: ImportRow["role"];
  teamId: string | null;
  managerId: string | null;
};

export type ImportPlan = {
  /** Managers from the import come before the people reporting to them, so every insert only
   * points at rows already written (or written by the same statement). */
  users: PlannedUser[];
  newTeams: { id: string; name: string }[];
  teamManagers: { teamId: string; managerId: string }[];
  errors: Message[];
  warnings: Message[];
};

const labelOf = (at: number, line: unknown) =>
  typeof line === "number" && Number.isInteger(line) && line > 0 ? `Line ${line}` : `Row ${at + 1}`;

/** Checks every posted row with the shared schema; a bad row becomes an error, not a 400. */
export function validateRows(raw: readonly unknown[]): { valid: LabelledRow[]; errors: Message[] } {
  const valid: LabelledRow[] = [];
  const errors: Message[] = [];
  raw.forEach((value, at) => {
    const parsed = importRequestRowSchema.safeParse(value);
    const obj = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    const label = labelOf(at, obj.line);
    if (parsed.success) {
      const { line: _line, ...row } = parsed.data;
      valid.push({ at, label, row });
      return;
    }
    const email = typeof obj.email === "string" && obj.email.trim() ? ` (${obj.email.trim().slice(0, 254)})` : "";
    const problems = [...new Set(parsed.error.issues.map((i) => i.message))];
    errors.push({ at, text: `${label}${email}: ${problems.join("; ")}` });
  });
  return { valid, errors };
}

/** The e-mails to look up in the organisation: the people themselves and their managers. */
export function emailsToLookUp(rows: readonly LabelledRow[]): string[] {
  const set = new Set<string>();
  for (const { row } of rows) {
    set.add(row.email);
    if (row.managerEmail) set.add(row.managerEmail);
  }
  return [...set];
}

type Person = LabelledRow & { id: string; teamId: string | null; managerId: string | null; parent?: Person };

export function planImport(
  rows: readonly LabelledRow[],
  existing: { people: readonly ExistingPerson[]; teams: readonly ExistingTeam[] },
  newId: () => string,
): ImportPlan {
  const errors: Message[] = [];
  const warnings: Message[] = [];
  const say = (list: Message[], p: LabelledRow, text: string) =>
    list.push({ at: p.at, text: `${p.label} (${p.row.email}): ${text}` });

  const inOrg = new Map(existing.people.map((p) => [p.email.toLowerCase(), p]));
  const inImport = new Map<string, Person>();
  for (const r of rows) {
    if (inOrg.has(r.row.email)) say(errors, r, "a user with this email already exists in your organisation");
    else if (inImport.has(r.row.email))
      say(errors, r, `this email is already in the import (${inImport.get(r.row.email)!.label})`);
    else inImport.set(r.row.email, { ...r, id: newId(), teamId: null, managerId: null });
  }
  const people = [...inImport.values()];

  const { newTeams, teamManagers } = placeInTeams(people, existing.teams, newId, (p, text) => say(warnings, p, text));
  linkManagers(people, inImport, inOrg, (p, text) => say(warnings, p, text));
  breakLoops(people, (p, text) => say(warnings, p, text));

  const users = sortManagersFirst(people).map((p) => ({
    id: p.id,
    firstName: p.row.firstName,
    lastName: p.row.lastName,
    email: p.row.email,
    role: p.row.role,
    teamId: p.teamId,
    managerId: p.parent?.id ?? p.managerId,
  }));
  const byAt = (a: Message, b: Message) => a.at - b.at;
  return { users, newTeams, teamManagers, errors: errors.sort(byAt), warnings: warnings.sort(byAt) };
}

function placeInTeams(
  people: Person[],
  teams: readonly ExistingTeam[],
  newId: () => string,
  warn: (p: Person, text: string) => void,
) {
  const byName = new Map<string, { id: string; name: string; managerId: string | null }>();
  for (const t of teams)
    if (!byName.has(t.name.trim().toLowerCase())) byName.set(t.name.trim().toLowerCase(), { ...t });
  const newTeams: { id: string; name: string }[] = [];
  const teamManagers: { teamId: string; managerId: string }[] = [];
  for (const p of people) {
    const name = p.row.department;
    if (!name) continue;
    let team = byName.get(name.toLowerCase());
    if (!team) {
      team = { id: newId(), name, managerId: null };
      byName.set(name.toLowerCase(), team);
      newTeams.push({ id: team.id, name });
    }
    if (p.row.role === "manager") {
      if (team.managerId) {
        warn(p, `imported without a team: ${team.name} already has a manager`);
        continue;
      }
      team.managerId = p.id;
      teamManagers.push({ teamId: team.id, managerId: p.id });
    }
    p.teamId = team.id;
  }
  return { newTeams, teamManagers };
}

function linkManagers(
  people: Person[],
  inImport: Map<string, Person>,
  inOrg: Map<string, ExistingPerson>,
  warn: (p: Person, text: string) => void,
) {
  for (const p of people) {
    const email = p.row.managerEmail;
    if (!email) continue;
    const fromImport = inImport.get(email);
    const fromOrg = inOrg.get(email);
    if (email === p.row.email) warn(p, "imported without a manager: a person cannot report to themselves");
    else if (fromImport?.row.role === "manager") p.parent = fromImport;
    else if (fromOrg && fromOrg.role !== "employee") p.managerId = fromOrg.id;
    else if (fromImport || fromOrg) warn(p, `imported without a manager: ${email} is not a manager`);
    else warn(p, `imported without a manager: nobody with the email ${email} is in your organisation or this import`);
  }
}

/** A chain of reports inside the import may not loop back on itself (A reports to B reports to A):
 * the link that closes a loop is dropped. */
function breakLoops(people: Person[], warn: (p: Person, text: string) => void) {
  const state = new Map<Person, "walking" | "done">();
  for (const start of people) {
    const path: Person[] = [];
    let cur: Person | undefined = start;
    while (cur && !state.has(cur)) {
      state.set(cur, "walking");
      path.push(cur);
      cur = cur.parent;
    }
    if (cur && state.get(cur) === "walking") {
      const last = path[path.length - 1]!;
      warn(last, `imported without a manager: reporting to ${cur.row.email} would make a loop`);
      last.parent = undefined;
    }
    for (const p of path) state.set(p, "done");
  }
}

function sortManagersFirst(people: Person[]): Person[] {
  const depth = new Map<Person, number>();
  for (const start of people) {
    const path: Person[] = [];
    let cur: Person | undefined = start;
    while (cur && !depth.has(cur)) {
      path.push(cur);
      cur = cur.parent;
    }
    let d = cur ? depth.get(cur)! : -1;
    for (let i = path.length - 1; i >= 0; i--) depth.set(path[i]!, ++d);
  }
  // Array.prototype.sort is stable, so file order is kept within a level.
  return [...people].sort((a, b) => depth.get(a)! - depth.get(b)!);
}

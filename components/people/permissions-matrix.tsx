import { useId } from "react";
import { Check, Minus } from "lucide-react";
import { cn } from "@/lib/utils/cn";

// Read-only copy of the roles table in decisions.md ('Roles and what the server enforces'); the server
// enforces these rules, this only explains them, so keep the texts in step with that table.
type Row = { capability: string; admin: string; manager: string; employee: string };

const ROWS: Row[] = [
  { capability: "dashboards, reports for the whole organisation", admin: "yes", manager: "own teams only", employee: "no (own responses only)" },
  { capability: "users, teams, org chart, bulk import, email template, billing", admin: "yes", manager: "view", employee: "no" },
  { capability: "send pulse / create custom surveys", admin: "yes", manager: "no", employee: "no" },
  { capability: "content library (organisation's own)", admin: "manage", manager: "read via coach", employee: "no" },
  { capability: "Boss Bot (AI coach)", admin: "own chats", manager: "own chats", employee: "no" },
  { capability: "1:1s", admin: "as participant only", manager: "as manager", employee: "as employee" },
];

const ROLES = [
  { key: "admin", label: "Admin" },
  { key: "manager", label: "Manager" },
  { key: "employee", label: "Employee" },
] as const;

const NOTES = [
  "Nobody, admins included, can read another person's coach conversations or a 1:1 they are not part of.",
  "Admins cannot be deleted from the list, and an organisation always keeps at least one admin.",
];

// The icon only repeats the text for a quick scan, so screen readers skip it.
function Cell({ text }: { text: string }) {
  const none = text === "no" || text.startsWith("no ");
  const full = text === "yes" || text === "manage";
  return (
    <span className={cn("inline-flex items-start gap-1.5", none ? "text-slate-500" : "text-slate-900")}>
      {full ? <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" /> : null}
      {none ? <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" /> : null}
      {text}
    </span>
  );
}

export function PermissionsMatrix() {
  const captionId = useId();
  return (
    <div className="space-y-4">
      {/* Focusable and labelled so keyboard users can scroll the table sideways on a phone. */}
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <caption id={captionId} className="px-4 pt-4 pb-2 text-left">
            <span className="block text-base font-semibold text-slate-900">What each role can do</span>
            <span className="block text-sm font-normal text-slate-600">Read-only: the server enforces these rules for every request.</span>
          </caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">Capability</th>
              {ROLES.map((r) => (
                <th key={r.key} scope="col" className="px-4 py-2 font-medium">{r.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.capability} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">{row.capability}</th>
                {ROLES.map((r) => (
                  <td key={r.key} className="px-4 py-3 align-top">
                    <Cell text={row[r.key]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
        {NOTES.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}

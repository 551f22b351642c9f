import { useId } from "react";
import { Check, Minus } from "lucide-react";
import { cn } from "@/lib/utils/cn";
import { PERMISSION_MAP, PERMISSION_NOTES } from "@/lib/auth/permissions";

// The one permission map (lib/auth/permissions.ts) rendered as it is: the server asks the same map
// for every request, so what this table says cannot drift from what is enforced. A null grant
// means the role may not, shown as 'no'.
const ROWS = Object.entries(PERMISSION_MAP).map(([key, entry]) => ({ key, entry }));

const ROLES = [
  { key: "admin", label: "Admin" },
  { key: "manager", label: "Manager" },
  { key: "employee", label: "Employee" },
] as const;

// The icon only repeats the text for a quick scan, so screen readers skip it.
function Cell({ grant }: { grant: string | null }) {
  const text = grant ?? "no";
  const none = grant === null;
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
  const headingId = useId();
  return (
    <div className="space-y-4">
      <div>
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          What each role can do
        </h3>
        <p className="text-sm text-slate-600">Read-only: the server enforces these rules for every request.</p>
      </div>
      {/* Focusable and labelled so keyboard users can scroll the table sideways on a phone; the
          capability column stays put while the role columns scroll under it. */}
      <div
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <table className="w-full min-w-[30rem] border-collapse text-left text-sm">
          <caption className="sr-only">What each role can do</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 bg-slate-50 px-3 py-2 font-medium shadow-[1px_0_0_var(--color-slate-200)] sm:px-4"
              >
                Capability
              </th>
              {ROLES.map((r) => (
                <th key={r.key} scope="col" className="px-3 py-2 font-medium sm:px-4">
                  {r.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map(({ key, entry }) => (
              <tr key={key} className="border-t border-slate-200">
                <th
                  scope="row"
                  className="sticky left-0 z-10 w-[42%] bg-white px-3 py-3 font-medium text-slate-900 shadow-[1px_0_0_var(--color-slate-200)] sm:w-auto sm:px-4"
                >
                  {entry.capability}
                </th>
                {ROLES.map((r) => (
                  <td key={r.key} className="px-3 py-3 align-top sm:px-4">
                    <Cell grant={entry[r.key]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
        {PERMISSION_NOTES.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </div>
  );
}

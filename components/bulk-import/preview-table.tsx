import type { CsvImportRow } from "@/lib/people/csv";

// Rendering 10,000 rows would freeze a phone; the first rows show that the columns were read
// right, and the count says how many there are.
export const PREVIEW_LIMIT = 100;

export function PreviewTable({ rows }: { rows: CsvImportRow[] }) {
  const shown = rows.slice(0, PREVIEW_LIMIT);
  return (
    <div
      className="overflow-x-auto rounded-lg border border-slate-200"
      tabIndex={0}
      role="region"
      aria-label="People to import"
    >
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{`People to import: showing ${shown.length} of ${rows.length}`}</caption>
        <thead className="bg-slate-50 text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              Line
            </th>
            <th scope="col" className="px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              Email
            </th>
            <th scope="col" className="px-3 py-2">
              Role
            </th>
            <th scope="col" className="px-3 py-2">
              Department
            </th>
            <th scope="col" className="px-3 py-2">
              Manager Email
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {shown.map((r) => (
            <tr key={r.line}>
              <td className="px-3 py-2 text-slate-500 tabular-nums">{r.line}</td>
              <td className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">{`${r.firstName} ${r.lastName}`}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{r.email}</td>
              <td className="px-3 py-2 capitalize text-slate-700">{r.role}</td>
              <td className="px-3 py-2 text-slate-700">{r.department ?? "—"}</td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-700">{r.managerEmail ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

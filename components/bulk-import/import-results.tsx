"use client";

import { useEffect, useRef } from "react";
import { AlertTriangle, CheckCircle2, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ImportResult } from "@/lib/people/bulk-import-schemas";
import { MessageList } from "@/components/bulk-import/message-list";
import { formatNumber as n, plural } from "@/lib/format";

export type ImportOutcome = { kind: "done"; result: ImportResult } | { kind: "failed"; message: string };

/** The people listed by name in the results; the rest are counted. */
const PEOPLE_SHOWN = 50;

/** The results panel shown after an import; it takes focus so keyboard and screen-reader users
 * land on the outcome. After a success it lists who was added and offers another file. */
export function ImportResults({ outcome, onImportAnother }: { outcome: ImportOutcome; onImportAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);

  if (outcome.kind === "failed") {
    return (
      <section
        aria-labelledby="import-results-title"
        className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 sm:p-5"
      >
        <h2
          id="import-results-title"
          ref={heading}
          tabIndex={-1}
          className="flex items-center gap-2 text-base font-semibold outline-none"
        >
          <AlertTriangle aria-hidden="true" className="size-5" /> Import failed
        </h2>
        <p className="mt-2 text-sm">{outcome.message}</p>
        <p className="mt-1 text-sm">Nobody was added.</p>
      </section>
    );
  }

  const { successful, failed, total, errors, warnings, imported, invited } = outcome.result;
  return (
    <section
      aria-labelledby="import-results-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2
        id="import-results-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold text-slate-900 outline-none"
      >
        <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" /> Import results
      </h2>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
        {[
          ["Successful", successful, "text-emerald-700"],
          ["Failed", failed, failed ? "text-red-700" : "text-slate-900"],
          ["Total", total, "text-slate-900"],
        ].map(([label, value, tone]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-2 py-3">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className={`text-2xl font-semibold tabular-nums ${tone}`}>{n(Number(value))}</dd>
          </div>
        ))}
      </dl>
      {invited ? (
        <p className="mt-3 text-sm text-slate-600">{`${plural(invited, "invitation e-mail is", "invitation e-mails are")} queued for the ${plural(invited, "new person", "new people")}.`}</p>
      ) : null}
      {imported.length ? (
        <div className="mt-4 grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">People imported</h3>
          <ul
            aria-label="People imported"
            className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 text-sm"
          >
            {imported.slice(0, PEOPLE_SHOWN).map((p) => (
              <li
                key={p.email}
                className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 px-3 py-1.5 last:border-b-0"
              >
                <span className="font-medium break-words text-slate-900">{`${p.firstName} ${p.lastName}`}</span>
                <span className="min-w-0 break-all text-slate-600">{`${p.email} · ${p.role}`}</span>
              </li>
            ))}
          </ul>
          {imported.length > PEOPLE_SHOWN ? (
            <p className="text-xs text-slate-600">{`…and ${n(imported.length - PEOPLE_SHOWN)} more.`}</p>
          ) : null}
        </div>
      ) : null}
      {errors.length ? (
        <div className="mt-4 grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Errors</h3>
          <MessageList tone="error" label="Import errors" items={errors} />
        </div>
      ) : null}
      {warnings.length ? (
        <div className="mt-4 grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">Imported with warnings</h3>
          <MessageList tone="warning" label="Import warnings" items={warnings} />
        </div>
      ) : null}
      <div className="mt-4">
        <Button type="button" variant="outline" onClick={onImportAnother} className="w-full sm:w-auto">
          <RotateCcw aria-hidden="true" />
          Import another file
        </Button>
      </div>
    </section>
  );
}

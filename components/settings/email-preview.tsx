import { renderTemplate } from "@/lib/surveys/email-template";

const SAMPLE_FIRST_NAME = "Alex";

/** The invitation as a recipient named Alex would see it. A variable the product does not know
 * stays visible in braces, so a typo shows up here before it is refused on save. */
export function EmailPreview({ subject, body, sampleLink }: { subject: string; body: string; sampleLink: string }) {
  const vars = { firstName: SAMPLE_FIRST_NAME, surveyLink: sampleLink };
  return (
    <section aria-labelledby="email-preview-title" className="rounded-lg border border-slate-200 bg-white">
      <h3 id="email-preview-title" className="border-b border-slate-200 px-4 py-2 text-sm font-medium text-slate-900">
        Preview <span className="font-normal text-slate-500">{`(as ${SAMPLE_FIRST_NAME} would see it)`}</span>
      </h3>
      <div className="grid gap-3 p-4 text-sm">
        <p className="wrap-anywhere">
          <span className="text-slate-500">Subject: </span>
          <span className="font-medium text-slate-900">{renderTemplate(subject, vars) || "(no subject)"}</span>
        </p>
        <p className="wrap-anywhere whitespace-pre-wrap text-slate-800" data-testid="email-preview-body">
          {renderTemplate(body, vars)}
        </p>
      </div>
    </section>
  );
}

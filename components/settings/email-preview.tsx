import { renderTemplate } from "@/lib/surveys/email-template";

const SAMPLE_FIRST_NAME = "Alex";

/** How the workspace's messages look and who they come from (Settings > Email Settings). */
export type PreviewLook = {
  companyName: string;
  /** #rrggbb */
  accentColor: string;
  fromName: string;
  fromAddress: string;
  /** "" when replies go to the sending address. */
  replyTo: string;
};

/** The invitation as a recipient named Alex would see it: sender, subject and the e-mail in the
 * company's look (the layout of lib/mail/templates/layout.tsx, drawn here without rendering it).
 * A variable the product does not know stays visible in braces, so a typo shows up here before
 * it is refused on save. */
export function EmailPreview({
  subject,
  body,
  sampleLink,
  look,
}: {
  subject: string;
  body: string;
  sampleLink: string;
  look: PreviewLook;
}) {
  const vars = { firstName: SAMPLE_FIRST_NAME, surveyLink: sampleLink };
  const pieces = renderTemplate(body, vars).split(sampleLink);
  return (
    <section aria-labelledby="email-preview-title" className="min-w-0 rounded-lg border border-slate-200 bg-white">
      <h3 id="email-preview-title" className="border-b border-slate-200 px-4 py-2 text-sm font-medium text-slate-900">
        Preview <span className="font-normal text-slate-500">{`(as ${SAMPLE_FIRST_NAME} would see it)`}</span>
      </h3>
      <div className="grid gap-1 border-b border-slate-200 px-4 py-3 text-sm">
        <p className="wrap-anywhere" data-testid="email-preview-from">
          <span className="text-slate-500">From: </span>
          <span className="text-slate-900">{`${look.fromName} <${look.fromAddress}>`}</span>
        </p>
        {look.replyTo ? (
          <p className="wrap-anywhere" data-testid="email-preview-reply-to">
            <span className="text-slate-500">Reply-To: </span>
            <span className="text-slate-900">{look.replyTo}</span>
          </p>
        ) : null}
        <p className="wrap-anywhere">
          <span className="text-slate-500">Subject: </span>
          <span className="font-medium text-slate-900">{renderTemplate(subject, vars) || "(no subject)"}</span>
        </p>
      </div>
      <div className="bg-slate-100 p-3">
        <div
          className="rounded-md border-t-[6px] bg-white p-4 text-sm"
          style={{ borderTopColor: look.accentColor }}
          data-testid="email-preview-card"
        >
          <p className="mb-3 text-base font-semibold wrap-anywhere text-slate-900">{look.companyName}</p>
          <p className="wrap-anywhere whitespace-pre-wrap text-slate-800" data-testid="email-preview-body">
            {pieces.map((piece, i) => (
              <span key={i}>
                {i > 0 ? (
                  <span className="underline" style={{ color: look.accentColor }}>
                    {sampleLink}
                  </span>
                ) : null}
                {piece}
              </span>
            ))}
          </p>
          <p className="mt-4 border-t border-slate-200 pt-2 text-xs text-slate-500">{`Sent on behalf of ${look.companyName}.`}</p>
        </div>
      </div>
    </section>
  );
}

"use client";

import { Braces } from "lucide-react";
import { TEMPLATE_VARIABLES } from "@/lib/surveys/email-template";
import { Button } from "@/components/ui/button";

export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

const MEANING: Record<TemplateVariable, string> = {
  firstName: "the recipient's first name",
  surveyLink: "their personal survey link (required in the message, on its own)",
};

/** The two variables, each a button that inserts it where the cursor was in the subject or message. */
export function TemplateVariables({
  onInsert,
  disabled,
}: {
  onInsert: (v: TemplateVariable) => void;
  disabled?: boolean;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p id="template-variables-title" className="text-sm font-medium text-slate-900">
        Variables
      </p>
      <p className="mt-0.5 text-xs text-slate-600">
        Click to insert at the cursor. Each person&apos;s e-mail gets their own values.
      </p>
      <p className="mt-1 text-xs text-slate-600" data-testid="template-link-rule">
        The personal survey link is the only link in the e-mail: {"{{surveyLink}}"} stands on its own, with a space or
        line break around it, and the template cannot contain other links or e-mail addresses.
      </p>
      <ul aria-labelledby="template-variables-title" className="mt-2 grid gap-2">
        {TEMPLATE_VARIABLES.map((v) => (
          <li key={v} className="flex flex-wrap items-center gap-2 text-sm">
            <Button
              size="sm"
              variant="outline"
              disabled={disabled}
              onClick={() => onInsert(v)}
              aria-label={`Insert {{${v}}}`}
              className="font-mono"
            >
              <Braces aria-hidden="true" />
              {`{{${v}}}`}
            </Button>
            <span className="text-slate-600">{MEANING[v]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { ShieldCheck } from "lucide-react";

/** The conversation is private and cannot be seen by HR or other managers (docs/decisions.md (1:1 meetings)). */
export function PrivacyBanner() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-brand-800"
    >
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <span className="font-semibold">This is a private conversation.</span> Only you and the other person in this 1:1
        can see it; it cannot be seen by HR or other managers.
      </p>
    </div>
  );
}

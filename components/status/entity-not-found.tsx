import Link from "next/link";
import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The 'X Not Found' panel of a detail page whose record is missing, another organisation's or not
 * shown to the viewer (the server answers 404 for all three, so the page says the same). `id` names
 * the heading for aria-labelledby. No hooks, so server pages may render it too. */
export function EntityNotFound({
  id,
  icon: Icon,
  title,
  text,
  backHref,
  backLabel,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  text: string;
  backHref: string;
  backLabel: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-h-[50vh] flex-col items-center justify-center px-4 py-16 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon aria-hidden="true" className="size-6" />
      </div>
      <h1 id={id} className="text-2xl font-semibold tracking-tight text-slate-900">
        {title}
      </h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">{text}</p>
      <Button asChild variant="outline" className="mt-6">
        <Link href={backHref}>{backLabel}</Link>
      </Button>
    </section>
  );
}

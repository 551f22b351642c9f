import Link from "next/link";
import { ArrowLeft } from "lucide-react";

/** The "← Back to …" link above a page's header. */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}

import { Compass } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";

// Server-safe (no hooks) so it works from any not-found.tsx. Standalone it is the page's <main>;
// inside the app shell (which already has one) pass as="section". The way home is a plain link,
// not next/link: the root not-found's scripts are in every page's first download, and a
// next/link here put a second copy of next/link (3.2 KiB gz) into every page that has its own.
export function PageNotFound({ as: Tag = "main" }: { as?: "main" | "section" }) {
  return (
    <Tag
      aria-labelledby="page-not-found-title"
      className="flex min-h-[60vh] flex-col items-center justify-center px-4 py-16 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Compass aria-hidden="true" className="size-6" />
      </div>
      <h1 id="page-not-found-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Page Not Found
      </h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">
        The page you are looking for does not exist or may have moved.
      </p>
      <a href="/" className={buttonVariants({ className: "mt-6" })}>
        Go to home page
      </a>
    </Tag>
  );
}

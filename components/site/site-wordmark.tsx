import Link from "next/link";
import { cn } from "@/lib/utils/cn";

/** The lower-case wordmark as plain text, for places that are not a link (the logo preview). */
export function WordmarkText({ productName, className }: { productName: string; className?: string }) {
  return <span className={cn("font-bold tracking-tight", className)}>{productName.toLowerCase()}</span>;
}

/** The wordmark linking to the main site's home; the accessible name keeps the real product name. */
export function SiteWordmark({
  productName,
  href,
  className,
}: {
  productName: string;
  href: string;
  className?: string;
}) {
  return (
    <Link href={href} aria-label={`${productName} home`} className={cn("rounded-md text-xl text-brand-600", className)}>
      <WordmarkText productName={productName} />
    </Link>
  );
}

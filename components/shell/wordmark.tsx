import Link from "next/link";
import { cn } from "@/lib/utils/cn";

/** The lowercase wordmark ('pulsewell'), linking home; the accessible name keeps the real product name. */
export function Wordmark({
  productName,
  className,
  onClick,
}: {
  productName: string;
  className?: string;
  onClick?: () => void;
}) {
  return (
    <Link
      href="/"
      onClick={onClick}
      aria-label={`${productName} home`}
      className={cn(
        "rounded-md text-xl font-bold tracking-tight text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        className,
      )}
    >
      {productName.toLowerCase()}
    </Link>
  );
}

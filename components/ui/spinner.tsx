import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils/cn";

type SpinnerProps = {
  className?: string;
  /** Read by screen readers instead of the animation. */
  label?: string;
  size?: "sm" | "md" | "lg";
};

const SIZES = { sm: "size-4", md: "size-6", lg: "size-8" } as const;

/** A polite live region, so assistive tech hears "Loading" while the animation is purely visual. */
export function Spinner({ className, label = "Loading", size = "md" }: SpinnerProps) {
  return (
    <div role="status" className={cn("inline-flex items-center justify-center text-brand-600", className)}>
      <LoaderCircle
        aria-hidden="true"
        className={cn("animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]", SIZES[size])}
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

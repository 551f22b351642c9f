import { cn } from "@/lib/utils/cn";

// A native <label>: it already forwards clicks to its control, so no Radix primitive is needed.
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      className={cn(
        "text-sm leading-none font-medium text-slate-800 peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}

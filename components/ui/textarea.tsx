import { cn } from "@/lib/utils/cn";

/** The multi-line twin of Input: the same border, focus ring and invalid state. */
export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "block w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 disabled:bg-slate-50 aria-invalid:border-red-500 sm:text-sm",
        // text-base on small screens stops iOS Safari from zooming into the field on focus.
        className,
      )}
      {...props}
    />
  );
}

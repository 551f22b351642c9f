import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils/cn";

/** An input joined to a fixed suffix such as `.pulsewell.com`, focused and invalid as one field.
 * The suffix has its own id (`suffixId`) so the input can name it in aria-describedby. */
export function SuffixedInput({
  suffix,
  suffixId,
  className,
  ...props
}: React.ComponentProps<typeof Input> & { suffix: string; suffixId: string }) {
  return (
    <div className="flex items-stretch overflow-hidden rounded-md border border-slate-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/40 has-[input[aria-invalid=true]]:border-red-500">
      <Input
        {...props}
        className={cn("min-w-0 flex-1 rounded-none border-0 shadow-none focus-visible:outline-none", className)}
      />
      <span
        id={suffixId}
        className="flex shrink-0 items-center border-l border-slate-200 bg-slate-100 px-3 text-sm whitespace-nowrap text-slate-600"
      >
        .{suffix}
      </span>
    </div>
  );
}

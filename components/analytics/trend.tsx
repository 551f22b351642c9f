import { TrendingDown, TrendingUp, Minus } from "lucide-react";
import { cn } from "@/lib/utils/cn";

/** The trend text ('+x.x%', 'x.x%', 'No change'), with a suffix such as 'from last month'. */
export function Trend({ text, suffix, className }: { text: string | null; suffix?: string; className?: string }) {
  if (text === null) return <p className={cn("text-xs text-slate-500", className)}>No earlier results to compare</p>;
  const up = text.startsWith("+");
  const down = text.startsWith("-");
  const Icon = up ? TrendingUp : down ? TrendingDown : Minus;
  return (
    <p
      className={cn(
        "flex items-center gap-1 text-xs",
        up ? "text-emerald-700" : down ? "text-red-700" : "text-slate-600",
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span>
        {text}
        {suffix ? ` ${suffix}` : ""}
      </span>
    </p>
  );
}

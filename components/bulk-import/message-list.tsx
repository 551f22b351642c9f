import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils/cn";

const LIMIT = 100;

/** A long list of messages (row problems, import errors), capped so 10,000 of them stay light. */
export function MessageList({ items, tone, label }: { items: string[]; tone: "error" | "warning"; label: string }) {
  if (items.length === 0) return null;
  return (
    <div>
      <ul
        aria-label={label}
        className={cn(
          "max-h-72 overflow-y-auto rounded-lg border text-sm",
          tone === "error" ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900",
        )}
      >
        {items.slice(0, LIMIT).map((m, i) => (
          <li key={i} className="border-b border-black/5 px-3 py-1.5 break-words last:border-b-0">
            {m}
          </li>
        ))}
      </ul>
      {items.length > LIMIT ? (
        <p className="mt-1 text-xs text-slate-600">{`…and ${formatNumber(items.length - LIMIT)} more.`}</p>
      ) : null}
    </div>
  );
}

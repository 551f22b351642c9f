import { Spinner } from "@/components/ui/spinner";

/** The card form's place while Stripe loads (outside the Stripe chunk, so it shows at once). */
export function CardLoading({ label = "Loading the secure card form" }: { label?: string }) {
  return (
    <div className="flex min-h-32 items-center justify-center rounded-lg border border-slate-200 p-4">
      <Spinner label={label} />
    </div>
  );
}

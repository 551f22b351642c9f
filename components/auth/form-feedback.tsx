import type { FormState } from "@/lib/actions/form-state";

export function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return <p id={id} className="text-sm text-red-600">{messages.join(" ")}</p>;
}

export function FormMessage({ state }: { state: FormState }) {
  if (!state.message || state.status === "idle") return null;
  const ok = state.status === "ok";
  return (
    <p role={ok ? "status" : "alert"} className={ok ? "rounded-md bg-emerald-50 p-3 text-sm text-emerald-800" : "text-sm text-red-600"}>
      {state.message}
    </p>
  );
}

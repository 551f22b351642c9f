import { Card } from "@/components/ui/card";

/** A score out of 10 with one decimal, '--' when there is none (spec: Dashboard cards). */
export function ScoreCard({ title, value }: { title: string; value: number | null }) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      <p className="mt-2 text-3xl font-semibold text-slate-900">{value === null ? "--" : value.toFixed(1)}</p>
      <p className="text-sm text-slate-500">out of 10</p>
    </Card>
  );
}

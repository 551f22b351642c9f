import { MessageSquareQuote } from "lucide-react";
import type { RoundComments } from "@/lib/analytics/comments";
import { formatDay } from "@/lib/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const day = (iso: string) => formatDay(iso, "date");

/** Open comments of the latest round, shuffled and dated by round only. */
export function CommentsCard({ data }: { data: RoundComments }) {
  if (!data.round) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MessageSquareQuote aria-hidden="true" className="size-5 text-brand-600" />
          Comments
        </CardTitle>
        <CardDescription>
          {data.round.title}, round of {day(data.round.date)}. Shown in random order, only for groups of at least 5
          respondents.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {data.groups.map((g) => (
          <div key={g.id}>
            {data.groups.length > 1 ? <h3 className="mb-2 text-sm font-semibold text-slate-800">{g.name}</h3> : null}
            {g.reason === "complementary" ? (
              <p className="text-sm text-slate-600">
                Hidden in this round so that the comments of a smaller group cannot be singled out from the
                organisation&apos;s.
              </p>
            ) : g.reason ? (
              <p className="text-sm text-slate-600">
                Comments appear once at least {g.minimum} people in this group have answered a round.
              </p>
            ) : g.comments.length === 0 ? (
              <p className="text-sm text-slate-600">No comments in this round.</p>
            ) : (
              <ul className="space-y-2">
                {g.comments.map((c, i) => (
                  <li key={i} className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
                    <p className="whitespace-pre-wrap break-words">{c.text}</p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

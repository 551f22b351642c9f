"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useState } from "react";
import { CalendarClock, CalendarPlus, ChevronDown, History, Repeat, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MeetingDateTime } from "@/components/one-on-one/local-date-time";
import { MeetingStatusBadge } from "@/components/one-on-one/meeting-status-badge";
import { formatDuration, fullName, meetingTitle, otherPerson, recurrenceHint } from "@/components/one-on-one/format";
import {
  useSchedulablePeople,
  useSeriesList,
  useSeriesMeetings,
  type MeetingsWhen,
} from "@/components/one-on-one/use-meetings";
import { plural } from "@/lib/format";
import type { MeetingSeriesItem, MeetingSeriesPage, PersonRef } from "@/lib/one-on-one/dto";

/**
 * 'My Meetings': the caller's upcoming and past 1:1s (the server answers with theirs only), a
 * series a row (a weekly 1:1 is one row, its other meetings a press away), a person filter for
 * those who schedule, and 'Load more' by the server's cursor.
 */
export function MyMeetings({
  canSchedule,
  onSchedule,
  upcoming,
}: {
  canSchedule: boolean;
  onSchedule: () => void;
  upcoming?: MeetingSeriesPage;
}) {
  const [when, setWhen] = useState<MeetingsWhen>("upcoming");
  const [personId, setPersonId] = useState("");
  const people = useSchedulablePeople(canSchedule);
  // The filter offers the people one may schedule with; a meeting's other person who is not
  // among them (the manager's own manager) is added once a list has shown them.
  const [seen, setSeen] = useState<PersonRef[]>([]);
  const options = mergePeople(people.data ?? [], seen);
  const onPeople = useCallback((p: PersonRef[]) => setSeen((s) => mergePeople(s, p)), []);

  return (
    <div className="space-y-4">
      <Tabs value={when} onValueChange={(v) => setWhen(v as MeetingsWhen)}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <TabsList aria-label="Meetings by time">
            <TabsTrigger value="upcoming">
              <CalendarClock aria-hidden className="mr-1.5 size-4" />
              Upcoming
            </TabsTrigger>
            <TabsTrigger value="past">
              <History aria-hidden className="mr-1.5 size-4" />
              Past
            </TabsTrigger>
          </TabsList>
          {canSchedule ? (
            <div className="w-full space-y-1.5 sm:w-64">
              <Label htmlFor="meetings-person">Filter by person</Label>
              <NativeSelect id="meetings-person" value={personId} onChange={(e) => setPersonId(e.target.value)}>
                <option value="">Everyone</option>
                {options.map((p) => (
                  <option key={p.id} value={p.id}>
                    {fullName(p)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
        </div>
        <TabsContent value="upcoming">
          <MeetingSection
            when="upcoming"
            personId={personId}
            canSchedule={canSchedule}
            onSchedule={onSchedule}
            onPeople={onPeople}
            initial={personId === "" ? upcoming : undefined}
          />
        </TabsContent>
        <TabsContent value="past">
          <MeetingSection
            when="past"
            personId={personId}
            canSchedule={canSchedule}
            onSchedule={onSchedule}
            onPeople={onPeople}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** People by id, each once, sorted by name; returns `a` itself when `b` adds nobody (no re-render loop). */
function mergePeople<P extends PersonRef>(a: readonly P[], b: readonly PersonRef[]): P[] {
  const ids = new Set(a.map((p) => p.id));
  const extra = b.filter((p) => !ids.has(p.id) && (ids.add(p.id), true));
  if (extra.length === 0) return a as P[];
  return [...a, ...(extra as P[])].sort((x, y) => fullName(x).localeCompare(fullName(y)));
}

function MeetingSection({
  when,
  personId,
  canSchedule,
  onSchedule,
  onPeople,
  initial,
}: {
  when: MeetingsWhen;
  personId: string;
  canSchedule: boolean;
  onSchedule: () => void;
  onPeople: (people: PersonRef[]) => void;
  /** This list's first page from the server page, when it read this very list. */
  initial?: MeetingSeriesPage;
}) {
  const list = useSeriesList(when, personId, initial);
  const rows = list.data?.pages.flatMap((p) => p.series) ?? [];
  // The filter learns the people of the rows shown (the parent keeps its list when nobody is new).
  const pages = list.data?.pages;
  useEffect(() => {
    if (pages) onPeople(pages.flatMap((p) => p.series.map((s) => otherPerson(s.meeting))));
  }, [pages, onPeople]);
  // The page's outline: h1 '1:1 Meetings', this list's h2, each row's h3.
  const heading = <h2 className="sr-only">{when === "upcoming" ? "Upcoming meetings" : "Past meetings"}</h2>;

  if (list.isPending)
    return (
      <>
        {heading}
        <MeetingListSkeleton />
      </>
    );
  if (list.isError && rows.length === 0) {
    return (
      <>
        {heading}
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
        >
          <p className="font-semibold text-red-800">We could not load your meetings.</p>
          <p className="text-sm text-red-700">Please check your connection and try again.</p>
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCcw /> Retry
          </Button>
        </div>
      </>
    );
  }
  if (rows.length === 0) {
    const filtered = personId !== "";
    return (
      <>
        {heading}
        {when === "upcoming" ? (
          <EmptyState
            icon={CalendarClock}
            headingLevel="h3"
            title={filtered ? "No upcoming meetings with this person" : "No upcoming meetings"}
            description={
              canSchedule
                ? "Schedule a 1:1 with someone on your team: it lands in both calendars."
                : "Your manager schedules your 1:1s; they will be listed here."
            }
            action={
              canSchedule ? (
                <Button onClick={onSchedule}>
                  <CalendarPlus /> Schedule a 1:1
                </Button>
              ) : undefined
            }
          />
        ) : (
          <EmptyState
            icon={History}
            headingLevel="h3"
            title={filtered ? "No past meetings with this person" : "No past meetings"}
            description="Completed and cancelled 1:1s will be listed here."
          />
        )}
      </>
    );
  }
  return (
    <div className="space-y-4" aria-busy={list.isFetching || undefined}>
      {heading}
      <ul className="space-y-3" aria-label={when === "upcoming" ? "Upcoming meetings" : "Past meetings"}>
        {rows.map((row) => (
          <SeriesRow key={row.seriesId} row={row} when={when} />
        ))}
      </ul>
      <MoreButton
        failed={list.isFetchNextPageError}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        what="meetings"
      />
    </div>
  );
}

/** 'Load more' by the server's cursor, and the message when a further page failed. */
function MoreButton({
  failed,
  hasMore,
  loading,
  onMore,
  what,
}: {
  failed: boolean;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  what: string;
}) {
  return (
    <>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load more {what}. Please try again.
        </p>
      ) : null}
      {hasMore ? (
        <div className="flex justify-center">
          <Button variant="outline" size="sm" onClick={onMore} disabled={loading} aria-busy={loading || undefined}>
            {loading ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** One series (or one-off meeting): the meeting standing for it, and for a series the way to its others. */
function SeriesRow({ row, when }: { row: MeetingSeriesItem; when: MeetingsWhen }) {
  const meeting = row.meeting;
  const title = meetingTitle(meeting);
  const repeat = recurrenceHint(row.recurrence);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const others = row.upcomingCount + row.pastCount > 1;
  const counts = [
    row.upcomingCount > 0 ? `${plural(row.upcomingCount, "upcoming meeting")}` : null,
    row.pastCount > 0 ? `${plural(row.pastCount, "past meeting")}` : null,
  ].filter((c) => c !== null);
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="meeting-row"
      aria-label={title}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold text-slate-900 wrap-anywhere">{title}</h3>
            <MeetingStatusBadge status={meeting.status} />
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>
              {repeat ? (when === "upcoming" ? "Next: " : "Latest: ") : null}
              <MeetingDateTime iso={meeting.scheduledAt} />
            </span>
            <span>{formatDuration(meeting.durationMinutes)}</span>
            {repeat ? (
              <span className="inline-flex items-center gap-1">
                <Repeat aria-hidden className="size-3.5" />
                {repeat}
              </span>
            ) : null}
            {meeting.role === "manager" && meeting.prepSubmitted ? (
              <span className="text-emerald-700">Prep submitted</span>
            ) : null}
          </p>
          {others ? <p className="text-sm text-slate-500">{counts.join(" · ")}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2 self-start sm:self-center">
          {others ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((o) => !o)}
            >
              <ChevronDown aria-hidden className={open ? "rotate-180 transition-transform" : "transition-transform"} />
              {open ? "Hide meetings" : "All meetings"}
              <span className="sr-only">{` of ${title}`}</span>
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <Link href={`/one-on-one/${meeting.id}`}>
              Open<span className="sr-only">{` ${title}`}</span>
            </Link>
          </Button>
        </div>
      </div>
      {others ? (
        <div id={panelId} hidden={!open} data-testid="series-meetings" className="mt-4 border-t border-slate-100 pt-4">
          {open ? (
            <div className="grid gap-4 md:grid-cols-2">
              {row.upcomingCount > 0 ? <SeriesMeetings row={row} when="upcoming" /> : null}
              {row.pastCount > 0 ? <SeriesMeetings row={row} when="past" /> : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The series' upcoming or past meetings, a page at a time, each a link to its meeting page. */
function SeriesMeetings({ row, when }: { row: MeetingSeriesItem; when: MeetingsWhen }) {
  const list = useSeriesMeetings(row.seriesId, row.meeting.id, when, true);
  const meetings = list.data?.pages.flatMap((p) => p.meetings) ?? [];
  const label = when === "upcoming" ? "Upcoming" : "Past";
  return (
    <section aria-label={`${label} meetings of this series`} className="min-w-0 space-y-2">
      <h4 className="text-sm font-semibold text-slate-800">{label}</h4>
      {list.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading…
        </p>
      ) : list.isError && meetings.length === 0 ? (
        <div role="alert" className="space-y-2 text-sm text-red-700">
          <p>We could not load these meetings.</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCcw /> Retry
          </Button>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-100">
            {meetings.map((m) => (
              <li key={m.id} data-testid="series-meeting" className="flex items-center justify-between gap-2 px-3 py-2">
                <Link
                  href={`/one-on-one/${m.id}`}
                  className="min-w-0 text-sm font-medium text-brand-700 underline-offset-2 hover:underline wrap-anywhere"
                >
                  <MeetingDateTime iso={m.scheduledAt} />
                </Link>
                <MeetingStatusBadge status={m.status} />
              </li>
            ))}
          </ul>
          <MoreButton
            failed={list.isFetchNextPageError}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => void list.fetchNextPage()}
            what="meetings"
          />
        </>
      )}
    </section>
  );
}

function MeetingListSkeleton() {
  return (
    <ul className="space-y-3" aria-hidden="true" data-testid="meetings-skeleton">
      {Array.from({ length: 4 }, (_, i) => (
        <li
          key={i}
          className="flex animate-pulse items-center justify-between rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/2 rounded bg-slate-200" />
            <div className="h-3 w-1/3 rounded bg-slate-100" />
          </div>
          <div className="h-8 w-16 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { CalendarClock, CalendarPlus, History, Repeat, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MeetingDateTime } from "@/components/one-on-one/local-date-time";
import { MeetingStatusBadge } from "@/components/one-on-one/meeting-status-badge";
import { formatDuration, fullName, meetingTitle, otherPerson, recurrenceHint } from "@/components/one-on-one/format";
import { useMeetingList, useSchedulablePeople, type MeetingsWhen } from "@/components/one-on-one/use-meetings";
import type { MeetingListItem, MeetingListPage, PersonRef } from "@/lib/one-on-one/dto";

/**
 * 'My Meetings': the caller's upcoming and past 1:1s (the server answers with theirs only), a
 * person filter for those who schedule, and 'Load more' by the server's cursor.
 */
export function MyMeetings({
  canSchedule,
  onSchedule,
  upcoming,
}: {
  canSchedule: boolean;
  onSchedule: () => void;
  upcoming?: MeetingListPage;
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
  initial?: MeetingListPage;
}) {
  const list = useMeetingList(when, personId, initial);
  const meetings = list.data?.pages.flatMap((p) => p.meetings) ?? [];
  // The filter learns the people of the rows shown (the parent keeps its list when nobody is new).
  const pages = list.data?.pages;
  useEffect(() => {
    if (pages) onPeople(pages.flatMap((p) => p.meetings.map(otherPerson)));
  }, [pages, onPeople]);

  if (list.isPending) return <MeetingListSkeleton />;
  if (list.isError && meetings.length === 0) {
    return (
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
    );
  }
  if (meetings.length === 0) {
    const filtered = personId !== "";
    return when === "upcoming" ? (
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
    );
  }
  return (
    <div className="space-y-4" aria-busy={list.isFetching || undefined}>
      <ul className="space-y-3" aria-label={when === "upcoming" ? "Upcoming meetings" : "Past meetings"}>
        {meetings.map((m) => (
          <MeetingRow key={m.id} meeting={m} />
        ))}
      </ul>
      {list.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load more meetings. Please try again.
        </p>
      ) : null}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            aria-busy={list.isFetchingNextPage || undefined}
          >
            {list.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function MeetingRow({ meeting }: { meeting: MeetingListItem }) {
  const title = meetingTitle(meeting);
  const repeat = recurrenceHint(meeting.recurrence);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="meeting-row"
      aria-label={title}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold text-slate-900 wrap-anywhere">{title}</h3>
          <MeetingStatusBadge status={meeting.status} />
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <MeetingDateTime iso={meeting.scheduledAt} />
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
      </div>
      <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
        <Link href={`/one-on-one/${meeting.id}`}>
          Open<span className="sr-only">{` ${title}`}</span>
        </Link>
      </Button>
    </li>
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

"use client";

import { rememberTab } from "@/lib/utils/tab-address";
import dynamic from "next/dynamic";
import { useState } from "react";
import { CalendarDays, CalendarPlus, ClipboardList } from "lucide-react";
import { BackLink } from "@/components/layout/back-link";
import { PageHeader } from "@/components/layout/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { MyMeetings } from "@/components/one-on-one/meeting-list";
import { TemplatesTab } from "@/components/one-on-one/templates-tab";
import { meetingsTab, type MeetingsTab } from "@/components/one-on-one/format";
import type { MeetingSeriesPage } from "@/lib/one-on-one/dto";

// The form converts its datetime-local time in the viewer's zone with luxon's wall-clock maths
// (about 20 KiB gz): it loads with the Schedule tab, not with the list.
const ScheduleForm = dynamic(() => import("@/components/one-on-one/schedule-form").then((m) => m.ScheduleForm), {
  loading: () => (
    <p role="status" className="text-sm text-muted-foreground">
      Loading…
    </p>
  ),
});

/**
 * '1:1 Meetings': My Meetings for everyone, Schedule New for those who schedule
 * (oneOnOnes.schedule), Templates for those who manage them (oneOnOnes.templates). The page decides
 * the flags from the one permission map; the routes refuse the same roles again.
 */
export function MeetingsPage({
  orgId,
  canSchedule,
  canManageTemplates,
  initialTab,
  upcoming,
}: {
  orgId: string;
  canSchedule: boolean;
  canManageTemplates: boolean;
  initialTab: MeetingsTab;
  /** The first page of upcoming meetings as the server page read it. */
  upcoming?: MeetingSeriesPage;
}) {
  const allowed = (t: MeetingsTab) =>
    t === "meetings" || (t === "schedule" && canSchedule) || (t === "templates" && canManageTemplates);
  const [tab, setTab] = useState<MeetingsTab>(allowed(initialTab) ? initialTab : "meetings");

  function select(next: string) {
    const t = meetingsTab(next);
    setTab(t);
    rememberTab(t, "meetings");
  }

  return (
    <>
      <BackLink href="/">Back to Dashboard</BackLink>
      <PageHeader title="1:1 Meetings" subtitle="Plan, prepare and record your one-on-ones." />
      <Tabs value={tab} onValueChange={select}>
        <TabsList aria-label="1:1 Meetings">
          <TabsTrigger value="meetings">
            <CalendarDays aria-hidden className="mr-1.5 size-4" />
            My Meetings
          </TabsTrigger>
          {canSchedule ? (
            <TabsTrigger value="schedule">
              <CalendarPlus aria-hidden className="mr-1.5 size-4" />
              Schedule New
            </TabsTrigger>
          ) : null}
          {canManageTemplates ? (
            <TabsTrigger value="templates">
              <ClipboardList aria-hidden className="mr-1.5 size-4" />
              Templates
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="meetings">
          <MyMeetings canSchedule={canSchedule} onSchedule={() => select("schedule")} upcoming={upcoming} />
        </TabsContent>
        {canSchedule ? (
          <TabsContent value="schedule">
            <ScheduleForm onScheduled={() => select("meetings")} />
          </TabsContent>
        ) : null}
        {canManageTemplates ? (
          <TabsContent value="templates">
            <TemplatesTab orgId={orgId} />
          </TabsContent>
        ) : null}
      </Tabs>
    </>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ActionItems } from "@/components/one-on-one/action-items";
import { AgendaList } from "@/components/one-on-one/agenda-list";
import { MeetingHeader } from "@/components/one-on-one/meeting-header";
import { MeetingNotFound } from "@/components/one-on-one/meeting-not-found";
import { MoodTrend } from "@/components/one-on-one/mood-trend";
import { NotesEditor } from "@/components/one-on-one/notes-editor";
import { PrepTab } from "@/components/one-on-one/prep-tab";
import { PrivacyBanner } from "@/components/one-on-one/privacy-banner";
import { PrivateNote } from "@/components/one-on-one/private-note";
import { isNotFound, useMeeting } from "@/components/one-on-one/use-meeting";
import type { MeetingDetail } from "@/lib/one-on-one/dto";

export function MeetingLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label="Loading the meeting" />
    </div>
  );
}

export function MeetingLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-md rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>The meeting could not be loaded. Please try again.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** /one-on-one/{meetingId}: the meeting as its manager or employee sees it. */
export function MeetingDetailPage({
  meetingId,
  userId,
  initial,
}: {
  meetingId: string;
  userId: string;
  initial?: MeetingDetail;
}) {
  const query = useMeeting(meetingId, initial);
  if (query.isPending) return <MeetingLoading />;
  if (query.isError)
    return isNotFound(query.error) ? <MeetingNotFound /> : <MeetingLoadError onRetry={() => void query.refetch()} />;
  const meeting = query.data;
  const manager = meeting.role === "manager";

  return (
    <div className="min-w-0">
      <MeetingHeader meeting={meeting} />
      <div className="space-y-4">
        <PrivacyBanner />
        <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <Tabs defaultValue={manager ? "notes" : "prep"} className="min-w-0">
            <TabsList aria-label="Meeting sections">
              <TabsTrigger value="prep">{manager ? "Employee Prep" : "Prep"}</TabsTrigger>
              <TabsTrigger value="notes">Meeting Notes</TabsTrigger>
              <TabsTrigger value="agenda">Agenda</TabsTrigger>
            </TabsList>
            <TabsContent value="prep">
              <PrepTab meeting={meeting} />
            </TabsContent>
            <TabsContent value="notes" className="space-y-8">
              <NotesEditor meeting={meeting} />
              <ActionItems meeting={meeting} />
              <PrivateNote meeting={meeting} />
            </TabsContent>
            <TabsContent value="agenda">
              <AgendaList meeting={meeting} userId={userId} />
            </TabsContent>
          </Tabs>
          <aside className="min-w-0">
            <MoodTrend meetingId={meeting.id} employeeFirstName={meeting.employee.firstName} />
          </aside>
        </div>
      </div>
    </div>
  );
}

"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Bot, ClipboardList } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/api/client";
import type { BossBotContextDto } from "@/lib/one-on-one/dto";
import { BOSS_BOT_CONTEXT_KEY } from "@/components/coach/boss-bot-context";
import { MeetingDateTime } from "@/components/one-on-one/local-date-time";
import { fullName } from "@/components/one-on-one/format";
import { MeetingStatusBadge } from "@/components/one-on-one/meeting-status-badge";
import { MeetingLoadError, MeetingLoading } from "@/components/one-on-one/meeting-detail";
import { MeetingNotFound } from "@/components/one-on-one/meeting-not-found";
import { NotesEditor } from "@/components/one-on-one/notes-editor";
import { PrepFormReadOnly } from "@/components/one-on-one/prep-tab";
import { PrivacyBanner } from "@/components/one-on-one/privacy-banner";
import { SuggestionsPanel } from "@/components/one-on-one/suggestions-panel";
import { isNotFound, useMeeting } from "@/components/one-on-one/use-meeting";
import type { MeetingDetail } from "@/lib/one-on-one/dto";

/** /one-on-one-meeting?meetingId=: the manager's review before (and during) the meeting. */
export function MeetingReview({
  meetingId,
  canUseCoach,
  initial,
}: {
  meetingId: string;
  canUseCoach: boolean;
  initial?: MeetingDetail;
}) {
  const query = useMeeting(meetingId, initial);
  const router = useRouter();
  const [handingOff, setHandingOff] = useState(false);
  if (query.isPending) return <MeetingLoading />;
  if (query.isError)
    return isNotFound(query.error) ? <MeetingNotFound /> : <MeetingLoadError onRetry={() => void query.refetch()} />;
  const meeting = query.data;
  // The review is the manager's; the employee's side of it is the prep form.
  if (meeting.role !== "manager") return <MeetingNotFound />;
  const name = fullName(meeting.employee);
  const prep = meeting.prepForm;

  async function bossBot() {
    setHandingOff(true);
    try {
      const data = await apiFetch<BossBotContextDto>(
        `/api/one-on-one/boss-bot-context/${encodeURIComponent(meeting.id)}`,
      );
      // Boss Bot opens a conversation about this meeting with the employee's first name; the
      // server reads the meeting itself by its id.
      // Only the employee's name goes into storage (it outlives the session): the prep answers the
      // call returned stay out, the server reads them itself.
      window.localStorage.setItem(
        BOSS_BOT_CONTEXT_KEY,
        JSON.stringify({
          type: "1on1_prep_analysis",
          meetingId: meeting.id,
          data: { meeting: { employeeName: data.meeting.employeeName } },
          employeeFirstName: meeting.employee.firstName,
        }),
      );
      router.push("/ai-coach");
    } catch {
      setHandingOff(false);
      toast({
        title: "Error",
        description: "Failed to load the meeting context for Boss Bot. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <div className="min-w-0 space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">1:1 Meeting Review</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{`Meeting with ${name}`}</span>
            <span aria-hidden="true">·</span>
            <MeetingDateTime iso={meeting.scheduledAt} />
            <MeetingStatusBadge status={meeting.status} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href={`/one-on-one/${meeting.id}`}>Open meeting</Link>
          </Button>
          {canUseCoach ? (
            <Button onClick={() => void bossBot()} disabled={handingOff} aria-busy={handingOff || undefined}>
              <Bot /> {handingOff ? "Opening Boss Bot..." : "Get Boss Bot Suggestions"}
            </Button>
          ) : null}
        </div>
      </div>
      <PrivacyBanner />
      <Tabs defaultValue="prep" className="min-w-0">
        <TabsList aria-label="Review sections">
          <TabsTrigger value="prep">Prep Form Responses</TabsTrigger>
          <TabsTrigger value="suggestions">AI Suggestions</TabsTrigger>
          <TabsTrigger value="notes">Meeting Notes</TabsTrigger>
        </TabsList>
        <TabsContent value="prep">
          {prep?.submittedAt ? (
            <div className="space-y-3">
              <p className="text-sm text-slate-600">
                Submitted <MeetingDateTime iso={prep.submittedAt} />
              </p>
              <PrepFormReadOnly prep={prep} />
            </div>
          ) : (
            <EmptyState
              icon={ClipboardList}
              headingLevel="h3"
              title="Prep form not submitted yet"
              description={`${name} has not submitted their prep form for this meeting. You are told when they do.`}
            />
          )}
        </TabsContent>
        <TabsContent value="suggestions">
          <SuggestionsPanel meetingId={meeting.id} employeeName={meeting.employee.firstName} />
        </TabsContent>
        <TabsContent value="notes">
          <NotesEditor meeting={meeting} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

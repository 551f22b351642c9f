import type { Metadata } from "next";
import { CalendarClock } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { getPulseSchedule } from "@/lib/surveys/round-schedule";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { PulseScheduleForm } from "@/components/surveys/pulse-schedule-form";
import { SettingsPanel } from "@/components/settings/settings-panel";

export const metadata: Metadata = { title: "Survey Schedule · Settings" };

export default async function SurveyScheduleSettingsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  if (!can(ctx, "organization.view")) return <AccessRestricted feature="Survey Schedule" permission="organization.view" />;
  const pulseSchedule = await getPulseSchedule(ctx, ctx.orgId);
  return (
    <SettingsPanel id="survey-schedule" title="Survey Schedule" description="When the weekly pulse goes out." icon={CalendarClock}>
      {/* The schedule is changed by whoever sends pulses (the PATCH route asks the same). */}
      <PulseScheduleForm orgId={ctx.orgId} initial={pulseSchedule} canEdit={can(ctx, "surveys.send")} />
    </SettingsPanel>
  );
}

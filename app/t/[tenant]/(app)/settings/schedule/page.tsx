import { can } from "@/lib/auth/permissions";
import { getPulseSchedule } from "@/lib/surveys/round-schedule";
import { PulseScheduleForm } from "@/components/surveys/pulse-schedule-form";
import { sectionMetadata, SettingsSectionPage } from "../section-page";

export const metadata = sectionMetadata("/settings/schedule");

// The schedule is changed by whoever sends pulses (the PATCH route asks the same).
export default function SurveyScheduleSettingsPage() {
  return (
    <SettingsSectionPage
      href="/settings/schedule"
      render={async ({ ctx }) => (
        <PulseScheduleForm
          orgId={ctx.orgId}
          initial={await getPulseSchedule(ctx, ctx.orgId)}
          canEdit={can(ctx, "surveys.send")}
        />
      )}
    />
  );
}

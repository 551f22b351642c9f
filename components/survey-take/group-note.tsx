import { Users } from "lucide-react";
import type { SurveyForTaker } from "@/lib/surveys/take-schemas";
import { plural } from "@/lib/format";

/** The sentence that says, before submitting, which groups the answers are reported in and how many
 * people each counts: the team the invitation was attributed to when the survey was sent (only
 * activated people count), and everyone asked. */
function groupNoteText(reportedWith: SurveyForTaker["reportedWith"], minGroupSize: number): string {
  const everyone = plural(reportedWith.organisationPeople, "person", "people");
  if (reportedWith.team)
    return `Your answers are reported with ${reportedWith.team.name} (${plural(reportedWith.team.people, "person", "people")}) and the whole organisation (${everyone}), never alone.`;
  if (reportedWith.organisationPeople >= minGroupSize)
    return `Your answers are reported with the whole organisation (${everyone}) only, never alone: your team is not reported on its own for this survey.`;
  return `Fewer than ${minGroupSize} people were asked, so this survey's results are never shown and your answers are never reported alone.`;
}

/** Rendered on the server and handed to the form, so it costs the page no script. */
export function GroupNote({ survey }: { survey: Pick<SurveyForTaker, "reportedWith" | "minGroupSize"> }) {
  return (
    <p className="flex items-start gap-2" data-testid="survey-group-note">
      <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{groupNoteText(survey.reportedWith, survey.minGroupSize)}</span>
    </p>
  );
}

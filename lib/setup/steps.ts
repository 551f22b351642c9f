import { plural } from "@/lib/format";
import { WEEKDAY_NAMES } from "@/lib/surveys/round-schedule-schemas";

// The setup checklist's steps, worked out from what the workspace holds (lib/setup/checklist.ts
// reads it): nothing is ticked by hand, so a step is done exactly when the thing it asks for exists.
// Client-safe and free of the database, so the rules are tested on plain facts too.

/** The checklist's id on the dashboard, where the shell's progress link points. */
export const SETUP_CHECKLIST_ID = "setup-checklist";

/** What the checklist is worked out from, read in one query. */
export type SetupFacts = {
  emailConfirmed: boolean;
  /** Everyone in the workspace, the admins included. */
  people: number;
  minGroupSize: number;
  /** Teams with a manager and at least one member besides that manager. */
  teamsReady: number;
  pulseSent: boolean;
  schedule: { enabled: boolean; weekday: number; time: string; timeZone: string };
  /** People with the manager role, and how many of them have set their password (signed up). */
  managers: number;
  managersActive: number;
  meetingScheduled: boolean;
};

export type SetupStepKey = "email" | "people" | "teams" | "pulse" | "manager" | "meeting";
type SetupLink = { href: string; label: string };

export type SetupStep = {
  key: SetupStepKey;
  title: string;
  done: boolean;
  /** What is there now, or what to do and why. */
  detail: string;
  /** Where the step is done; the first is the main one. Empty once done. */
  links: SetupLink[];
};

export type SetupChecklist = { steps: SetupStep[]; done: number; total: number };

/** The people a workspace needs besides its first admin: as many as the smallest group whose
 * results are shown, so the first pulse can show results at all. */
const peopleTarget = (f: Pick<SetupFacts, "minGroupSize">): number => f.minGroupSize;

function step(key: SetupStepKey, title: string, done: boolean, detail: string, links: SetupLink[]): SetupStep {
  return { key, title, done, detail, links: done ? [] : links };
}

export function setupSteps(f: SetupFacts): SetupStep[] {
  const others = Math.max(0, f.people - 1);
  const target = peopleTarget(f);
  const when = `every ${WEEKDAY_NAMES[f.schedule.weekday] ?? "week"} at ${f.schedule.time} (${f.schedule.timeZone})`;
  return [
    step(
      "email",
      "Confirm your e-mail address",
      f.emailConfirmed,
      f.emailConfirmed
        ? "Confirmed: invitations and surveys go out."
        : "Invitations and surveys wait until you open the link we sent you.",
      [{ href: "#verification-banner-title", label: "Send the link again" }],
    ),
    step(
      "people",
      "Add your people",
      others >= target,
      others >= target
        ? `${plural(others, "person", "people")} added besides you.`
        : `${others} of ${target} added. Results show only for groups of at least ${plural(f.minGroupSize, "person", "people")}, so nobody's answers stand out.`,
      [
        { href: "/settings/users", label: "Add people" },
        { href: "/bulk-import", label: "Import a CSV file" },
      ],
    ),
    step(
      "teams",
      "Arrange teams and managers",
      f.teamsReady > 0,
      f.teamsReady > 0
        ? `${plural(f.teamsReady, "team")} with a manager and members.`
        : "Put people in a team and give it a manager, so each manager sees their own team's results.",
      [{ href: "/settings/users?tab=teams", label: "Arrange teams" }],
    ),
    step(
      "pulse",
      "Check the pulse schedule and send a first pulse",
      f.pulseSent,
      f.pulseSent
        ? "Your first pulse is out."
        : f.schedule.enabled
          ? `The weekly pulse goes out ${when}. Send the first one now, or check the day and time first.`
          : "The weekly pulse is switched off. Switch it on, or send a pulse now.",
      [
        { href: "/surveys", label: "Send a pulse" },
        { href: "/settings/schedule", label: "Check the schedule" },
      ],
    ),
    step(
      "manager",
      "Invite a manager to try Boss Bot",
      f.managersActive > 0,
      f.managersActive > 0
        ? `${plural(f.managersActive, "manager")} signed in and can ask Boss Bot.`
        : f.managers > 0
          ? "Invited: this ticks when a manager accepts the invitation and signs in."
          : "Boss Bot coaches managers on their team's results and their 1:1s. Give someone the Manager role.",
      [{ href: "/settings/users", label: "Invite a manager" }],
    ),
    step(
      "meeting",
      "Schedule a first 1:1",
      f.meetingScheduled,
      f.meetingScheduled
        ? "A 1:1 is on the calendar."
        : "Agenda templates are ready: pick a person, a template and a time.",
      [{ href: "/one-on-one", label: "Schedule a 1:1" }],
    ),
  ];
}

/** The checklist as shown, or null when there is nothing left to do. */
export function setupChecklist(f: SetupFacts): SetupChecklist | null {
  const steps = setupSteps(f);
  const done = steps.filter((s) => s.done).length;
  return done === steps.length ? null : { steps, done, total: steps.length };
}

// The demo workspace's 1:1s, through the product's own domain functions (lib/one-on-one/*), so a
// newcomer sees on first start: the default agenda templates; Jordan Lee's weekly 1:1 with Sam
// Carter, five weeks of it held (Sam's submitted prep forms with a mood that sags and stress that
// climbs, so the trend chart has a shape; shared notes; talking points; action items, most ticked
// off in the following meeting and one still open, so carry-over shows; a private note of Jordan's)
// and the next one prepared by Sam (a submitted form, so 'AI Suggestions' has something to say);
// and the admin's one-off 1:1 with one of their managers later this week.
// Only the clock is moved, as in demo-history.ts: the series is scheduled as of five weeks ago,
// and timestamps the functions stamp with the real time (submission, completion) are set to when
// they would have happened. Called by demo-history.ts (same react-server process), which runs
// once, when the demo workspace is created; a second call finds the series and adds nothing.
import { DateTime } from "luxon";
import type { AuthContext } from "@/lib/auth/context";
import type { PrepForm } from "@/lib/one-on-one/prep-form";
import { demoSession } from "./demo-vaults";
import { DEMO, demoEmail } from "./demo-data";

const TIME_ZONE = "Europe/London";
const HELD = 5;

/** Sam's prep forms, oldest first: the last one is for the upcoming meeting. */
const PREP: Partial<PrepForm>[] = [
  {
    mood: 4,
    stressLevel: 2,
    wins: "Shipped the search filters a day early.",
    challenges: "Flaky end-to-end tests slow the merge queue.",
    goals: "Get the test suite under ten minutes.",
  },
  {
    mood: 4,
    stressLevel: 3,
    wins: "Paired with Riley on the billing bug.",
    challenges: "Context switching between two projects.",
    goals: "Finish the import redesign.",
    careerDevelopment: "I would like to present at the next engineering all-hands.",
  },
  {
    mood: 3,
    stressLevel: 3,
    wins: "The import redesign is in review.",
    challenges: "Reviews wait two days on average.",
    goals: "Agree a review rotation with the team.",
    feedback: "The written priorities on Monday really help.",
  },
  {
    mood: 3,
    stressLevel: 4,
    wins: "Review rotation agreed.",
    challenges: "The release date moved forward a week.",
    goals: "Cut scope with product for the release.",
    workloadConcerns: "Release week plus on-call is a lot.",
  },
  {
    mood: 2,
    stressLevel: 4,
    wins: "Release went out on time.",
    challenges: "Long evenings before the release.",
    goals: "Take a quieter week to recover.",
    workloadConcerns: "I worked late four evenings in a row.",
    teamDynamics: "Hand-offs with Customer Success got tense during the release.",
  },
  {
    mood: 2,
    stressLevel: 5,
    wins: "Helped two customers through the migration.",
    challenges: "Three urgent escalations landed on me this week.",
    goals: "Hand over on-call and plan the next quarter's work.",
    feedback: "It would help to know earlier when deadlines move.",
    workloadConcerns: "Escalations and on-call at the same time leave no time for planned work.",
    careerDevelopment: "Could we talk about the tech lead role?",
    additionalNotes: "I am taking Friday off.",
  },
];

/** The shared notes Jordan wrote in each held meeting. */
const NOTES = [
  {
    wins: "Search filters shipped early.",
    challenges: "Flaky tests.",
    goals: "Test suite under ten minutes.",
    feedback: "Keep the Monday priorities.",
    notes: "Sam will look at the slowest ten tests first.",
  },
  {
    wins: "Billing bug fixed together with Riley.",
    challenges: "Two projects at once.",
    goals: "Import redesign first; the dashboard work waits.",
    feedback: "",
    notes: "Put Sam forward for the all-hands talk in March.",
  },
  {
    wins: "Import redesign in review.",
    challenges: "Slow reviews.",
    goals: "Review rotation.",
    feedback: "Sam likes the written priorities.",
    notes: "Raise the review rotation at Thursday's team meeting.",
  },
  {
    wins: "Review rotation agreed.",
    challenges: "Release moved forward.",
    goals: "Scope cut agreed with Product.",
    feedback: "",
    notes: "Jordan takes Sam's on-call shift in release week.",
  },
  {
    wins: "Release on time.",
    challenges: "Late evenings before it.",
    goals: "A quieter week.",
    feedback: "Tell the team earlier when dates move.",
    notes: "Talk to Priya about the hand-offs with Customer Success.",
  },
];

/** Action items agreed in each held meeting: [text, owner, done in the next meeting]. */
const ACTIONS: [string, "manager" | "employee", boolean][][] = [
  [["List the ten slowest end-to-end tests", "employee", true]],
  [
    ["Ask the all-hands organisers for a slot for Sam", "manager", true],
    ["Move the dashboard work to next month", "manager", true],
  ],
  [
    ["Propose a review rotation to the team", "employee", true],
    ["Write up the career path for senior engineers", "manager", false],
  ],
  [["Cover Sam's on-call shift in release week", "manager", true]],
  [
    ["Set up a hand-off check-in with Customer Success", "manager", false],
    ["Block Friday for recovery", "employee", true],
  ],
];

const TALKING_POINTS = [
  "Test suite speed",
  "All-hands talk",
  "Review waiting times",
  "Release scope",
  "Hand-offs with Customer Success",
  "Tech lead role",
];

const PRIVATE_NOTE =
  "Sam looked tired and said little about the release. Watch for burnout; consider moving one escalation to Taylor. Ask about the tech lead role before the calibration meeting.";

export async function seedDemoOneOnOnes(orgId: string): Promise<{ meetings: number }> {
  const { withOrg } = await import("@/lib/db/tenant");
  const { seedDefaultTemplates } = await import("@/lib/one-on-one/templates");
  const { scheduleMeeting, updateMeetingNotes } = await import("@/lib/one-on-one/meetings");
  const { submitPrepForm } = await import("@/lib/one-on-one/prep-forms");
  const { addTalkingPoint, listAgenda, updateAgendaItem } = await import("@/lib/one-on-one/agenda");
  const { createActionItem, updateActionItem } = await import("@/lib/one-on-one/action-items");
  const { savePrivateNote } = await import("@/lib/one-on-one/private-notes");

  const jordan = DEMO.teams[0].manager;
  const [samFirst, samLast] = DEMO.teams[0].members[0];
  const priya = DEMO.teams[1].manager;
  const people = await withOrg(orgId, (tx) =>
    tx.user.findMany({
      where: {
        organizationId: orgId,
        email: { in: [DEMO.admin.email, jordan.email, demoEmail(samFirst, samLast), priya.email] },
      },
      select: { id: true, email: true, role: true },
    }),
  );
  const find = (email: string) => {
    const p = people.find((u) => u.email === email);
    if (!p) throw new Error(`The demo has no ${email}`);
    return p;
  };
  // Seeding acts as each person, signed in with their vault open (demo-vaults.ts): Jordan's
  // private note goes into Jordan's vault.
  const as = async (email: string): Promise<AuthContext> => {
    const ctx = await demoSession(orgId, email);
    if (ctx.userId !== find(email).id) throw new Error(`The demo's ${email} session is someone else's`);
    return ctx;
  };
  const admin = await as(DEMO.admin.email);
  const manager = await as(jordan.email);
  const employee = await as(demoEmail(samFirst, samLast));

  const existing = await withOrg(
    orgId,
    (tx) => tx.meetingSeries.count({ where: { organizationId: orgId, employeeId: employee.userId } }),
    { userId: manager.userId },
  );
  if (existing > 0) return { meetings: 0 };

  const { templates } = await seedDefaultTemplates(admin);
  const weekly = templates.find((t) => t.key === "weekly-check-in") ?? templates[0];

  // The next 1:1 is the day after tomorrow at 10:00 in London; the series began HELD weeks before.
  const next = DateTime.now()
    .setZone(TIME_ZONE)
    .plus({ days: 2 })
    .set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
  const first = next.minus({ weeks: HELD });
  const scheduled = await scheduleMeeting(
    manager,
    {
      employeeId: employee.userId,
      templateId: weekly?.id,
      scheduledAt: first.toISO()!,
      timeZone: TIME_ZONE,
      durationMinutes: 30,
      recurrence: "weekly",
    },
    { now: first.minus({ days: 1 }).toJSDate() },
  );
  const meetings = await withOrg(
    orgId,
    (tx) =>
      tx.meeting.findMany({
        where: { organizationId: orgId, seriesId: scheduled.seriesId },
        orderBy: { scheduledAt: "asc" },
        select: { id: true, scheduledAt: true },
      }),
    { userId: manager.userId },
  );
  if (meetings.length < HELD + 1)
    throw new Error(`The demo series has ${meetings.length} meetings, expected at least ${HELD + 1}`);

  const ownerOf = (who: "manager" | "employee") => (who === "manager" ? manager.userId : employee.userId);
  let open: { id: string; done: boolean }[] = [];
  for (let i = 0; i <= HELD; i++) {
    const meeting = meetings[i]!;
    const at = DateTime.fromJSDate(meeting.scheduledAt);
    await addTalkingPoint(employee, meeting.id, { text: TALKING_POINTS[i]! });
    await submitPrepForm(employee, { meetingId: meeting.id, ...(PREP[i] as PrepForm) });
    // Sam prepares the day before.
    await withOrg(
      orgId,
      (tx) =>
        tx.meetingPrepForm.updateMany({
          where: { organizationId: orgId, meetingId: meeting.id },
          data: { submittedAt: at.minus({ days: 1 }).toJSDate(), updatedAt: at.minus({ days: 1 }).toJSDate() },
        }),
      { userId: employee.userId },
    );
    if (i === HELD) break; // the upcoming one: prepared, not held yet

    // In the meeting: last week's items ticked off, the agenda gone through, new items agreed.
    for (const item of open.filter((o) => o.done))
      await updateActionItem(manager, meeting.id, item.id, { completed: true });
    open = open.filter((o) => !o.done);
    for (const item of await listAgenda(manager, meeting.id))
      await updateAgendaItem(manager, meeting.id, item.id, { done: true });
    for (const [text, who, done] of ACTIONS[i]!) {
      const created = await createActionItem(manager, meeting.id, {
        text,
        ownerId: ownerOf(who),
        dueDate: at.plus({ days: 6 }).toISODate()!,
      });
      open.push({ id: created.id, done });
    }
    if (i === HELD - 1) await savePrivateNote(manager, meeting.id, { body: PRIVATE_NOTE });
    const end = at.plus({ minutes: 30 }).toJSDate();
    await updateMeetingNotes(manager, meeting.id, {
      ...NOTES[i]!,
      status: "completed",
      completedAt: end.toISOString(),
    });
    // Things happened at the meeting's time, not at the seed's.
    await withOrg(
      orgId,
      async (tx) => {
        await tx.meetingActionItem.updateMany({
          where: { organizationId: orgId, originMeetingId: meeting.id },
          data: { createdAt: at.plus({ minutes: 20 }).toJSDate() },
        });
        await tx.meetingActionItem.updateMany({
          where: { organizationId: orgId, completedMeetingId: meeting.id },
          data: { completedAt: at.plus({ minutes: 5 }).toJSDate() },
        });
        await tx.meetingAgendaItem.updateMany({
          where: { organizationId: orgId, meetingId: meeting.id, doneAt: { not: null } },
          data: { doneAt: at.plus({ minutes: 10 }).toJSDate() },
        });
        await tx.meeting.updateMany({ where: { organizationId: orgId, id: meeting.id }, data: { completedAt: end } });
      },
      { userId: manager.userId },
    );
  }
  // The prep-form notifications of meetings long held are old news.
  await withOrg(orgId, (tx) =>
    tx.notification.updateMany({
      where: {
        organizationId: orgId,
        userId: manager.userId,
        type: "prep_form_submitted",
        NOT: { actionUrl: { contains: meetings[HELD]!.id } },
      },
      data: { isRead: true },
    }),
  );

  // The admin's one-off 1:1 with Priya, three days from now at 14:00.
  const adminAt = DateTime.now()
    .setZone(TIME_ZONE)
    .plus({ days: 3 })
    .set({ hour: 14, minute: 0, second: 0, millisecond: 0 });
  const career = templates.find((t) => t.key === "career-conversation");
  await scheduleMeeting(admin, {
    employeeId: find(priya.email).id,
    templateId: career?.id,
    scheduledAt: adminAt.toISO()!,
    timeZone: TIME_ZONE,
    durationMinutes: 45,
    recurrence: "none",
  });
  return { meetings: meetings.length + 1 };
}

// What the 1:1 routes answer: the one contract between lib/one-on-one (server) and
// components/one-on-one (client). Types only, no server code, so components may import it.
// Dates travel as ISO 8601 strings (UTC); the browser shows them in the viewer's time zone.
import type { Recurrence } from "./recurrence";
import type { ManagerSuggestion } from "./suggestions";
import type { PrepForm } from "./prep-form";

type MeetingStatusDto = "scheduled" | "completed" | "cancelled";
/** The caller's side of the meeting: decides which parts they may edit. */
export type MeetingRole = "manager" | "employee";

export type PersonRef = { id: string; firstName: string; lastName: string; email: string };

/** One row of 'My Meetings'. */
export type MeetingListItem = {
  id: string;
  seriesId: string;
  scheduledAt: string;
  durationMinutes: number;
  status: MeetingStatusDto;
  recurrence: Recurrence;
  /** The caller's side, and the other person ('Meeting with {first} {last}'). */
  role: MeetingRole;
  manager: PersonRef;
  employee: PersonRef;
  /** The employee has submitted their prep form. */
  prepSubmitted: boolean;
};

/** GET /api/meetings/one-on-one?personId=&when=upcoming|past&cursor= */
export type MeetingListPage = { meetings: MeetingListItem[]; nextCursor: string | null };

/** One row of 'My Meetings' per series: a one-off meeting, or a recurring series standing as its
 * next meeting (Upcoming) or its latest one (Past). */
export type MeetingSeriesItem = {
  seriesId: string;
  recurrence: Recurrence;
  role: MeetingRole;
  manager: PersonRef;
  employee: PersonRef;
  /** The meeting that stands for the series in this list. */
  meeting: MeetingListItem;
  /** How many of the series' meetings are upcoming and past (the same split as the lists). */
  upcomingCount: number;
  pastCount: number;
};

/** GET /api/meetings/one-on-one?view=series&personId=&when=upcoming|past&cursor= */
export type MeetingSeriesPage = { series: MeetingSeriesItem[]; nextCursor: string | null };

export type AgendaItemDto = {
  id: string;
  kind: "question" | "talking_point";
  text: string;
  position: number;
  authorId: string | null;
  done: boolean;
};

export type ActionItemDto = {
  id: string;
  text: string;
  ownerId: string;
  /** YYYY-MM-DD or null. */
  dueDate: string | null;
  completed: boolean;
  completedAt: string | null;
  /** The meeting it came from; `carriedOver` when that is an earlier meeting than the one shown. */
  originMeetingId: string;
  originScheduledAt: string;
  carriedOver: boolean;
};

/** The shared meeting notes: the manager writes, the employee reads (the PUT route's field names). */
export type MeetingNotesDto = { wins: string; challenges: string; goals: string; feedback: string; notes: string };

export type PrepFormDto = PrepForm & {
  id: string;
  meetingId: string;
  /** null while a draft. The manager is sent the form only once submitted. */
  submittedAt: string | null;
  updatedAt: string;
};

/** GET /api/meetings/one-on-one/meeting/{meetingId}: everything the meeting page shows. */
export type MeetingDetail = MeetingListItem & {
  timeZone: string;
  templateId: string | null;
  templateName: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  notes: MeetingNotesDto;
  agenda: AgendaItemDto[];
  actionItems: ActionItemDto[];
  /** The employee's form: always for the employee (draft or not), for the manager once submitted. */
  prepForm: PrepFormDto | null;
  /** The caller's own private note, decrypted; never the other person's. */
  privateNote: { body: string; updatedAt: string } | null;
  /** Next and previous meetings of the same pair, for navigation (ids only). */
  previousMeetingId: string | null;
  nextMeetingId: string | null;
};

/** GET /api/meetings/one-on-one/people: whom the caller may schedule with (never themselves). */
export type SchedulablePerson = PersonRef & { teamName: string | null };

export type TemplateDto = {
  id: string;
  key: string | null;
  name: string;
  description: string;
  isDefault: boolean;
  templateQuestions: string[];
  createdAt: string;
  updatedAt: string;
};

/** GET /api/meetings/one-on-one/{meetingId}/mood-trend: the pair's last 12 submitted prep forms, oldest first. */
export type MoodTrendPoint = { meetingId: string; scheduledAt: string; mood: number; stressLevel: number };

/** GET /api/one-on-one/manager-suggestions/{meetingId} */
export type ManagerSuggestionsDto = {
  suggestions: ManagerSuggestion[];
  reviewedIds: string[];
  /** 'rules' (ours) or 'model' (refined by the configured AI endpoint). */
  source: "rules" | "model";
};

/** GET /api/one-on-one/boss-bot-context/{meetingId}. */
export type BossBotContextDto = {
  meeting: { id: string; employeeName: string; scheduledAt: string };
  prepForm: PrepFormDto | null;
  suggestions: ManagerSuggestion[];
  contextForBossBot: string;
};

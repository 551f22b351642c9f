-- Issue 11: 1:1 meetings (series, occurrences, prep forms, agendas, action items, private notes,
-- suggestion reviews) and mail attachments (the calendar invitation).
--
-- A meeting is its pair's alone. Every 1:1 table carries "managerId" and "employeeId" (repeated
-- from the meeting so the policy needs no subquery) under a RESTRICTIVE policy, AND-ed with the
-- organisation one: app_current_user() must be one of the two. Admins are "everyone else".
-- Private notes add a second RESTRICTIVE policy on their author; suggestion reviews on the manager.
-- Jobs, which act for nobody, find their work through app_meeting_work_due (SECURITY DEFINER, ids
-- only) and then act for the meeting's manager.

-- CreateEnum
CREATE TYPE "MeetingStatus" AS ENUM ('scheduled', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "MeetingRecurrence" AS ENUM ('none', 'weekly', 'biweekly', 'monthly');

-- CreateEnum
CREATE TYPE "AgendaItemKind" AS ENUM ('question', 'talking_point');

-- AlterTable
ALTER TABLE "MailMessage" ADD COLUMN     "attachments" JSONB;

-- CreateTable
CREATE TABLE "MeetingTemplate" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "key" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "questions" TEXT[],
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MeetingTemplate_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "MeetingSeries" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "managerId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "templateId" UUID,
    "recurrence" "MeetingRecurrence" NOT NULL DEFAULT 'none',
    "timeZone" TEXT NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "durationMinutes" INTEGER NOT NULL DEFAULT 30,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "materializedUntil" TIMESTAMP(3) NOT NULL,
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MeetingSeries_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "Meeting" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "seriesId" UUID NOT NULL,
    "managerId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "occurrenceStart" TIMESTAMP(3) NOT NULL,
    "scheduledAt" TIMESTAMP(3) NOT NULL,
    "durationMinutes" INTEGER NOT NULL DEFAULT 30,
    "status" "MeetingStatus" NOT NULL DEFAULT 'scheduled',
    "completedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "reminderSentAt" TIMESTAMP(3),
    "wins" TEXT,
    "challenges" TEXT,
    "goals" TEXT,
    "feedback" TEXT,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Meeting_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "MeetingPrepForm" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "meetingId" UUID NOT NULL,
    "managerId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "wins" TEXT NOT NULL DEFAULT '',
    "challenges" TEXT NOT NULL DEFAULT '',
    "goals" TEXT NOT NULL DEFAULT '',
    "feedback" TEXT NOT NULL DEFAULT '',
    "additionalNotes" TEXT NOT NULL DEFAULT '',
    "workloadConcerns" TEXT NOT NULL DEFAULT '',
    "careerDevelopment" TEXT NOT NULL DEFAULT '',
    "teamDynamics" TEXT NOT NULL DEFAULT '',
    "mood" INTEGER NOT NULL DEFAULT 4,
    "stressLevel" INTEGER NOT NULL DEFAULT 3,
    "submittedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MeetingPrepForm_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "MeetingAgendaItem" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "meetingId" UUID NOT NULL,
    "managerId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "kind" "AgendaItemKind" NOT NULL,
    "text" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "authorId" UUID,
    "doneAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MeetingAgendaItem_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "MeetingActionItem" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "originMeetingId" UUID NOT NULL,
    "managerId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "ownerId" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "dueDate" DATE,
    "completedAt" TIMESTAMP(3),
    "completedMeetingId" UUID,
    "createdById" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MeetingActionItem_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "MeetingPrivateNote" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "meetingId" UUID NOT NULL,
    "managerId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "authorId" UUID NOT NULL,
    "body" BYTEA NOT NULL,
    "keyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MeetingPrivateNote_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "MeetingSuggestionReview" (
    "organizationId" UUID NOT NULL,
    "meetingId" UUID NOT NULL,
    "suggestionId" TEXT NOT NULL,
    "managerId" UUID NOT NULL,
    "employeeId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MeetingSuggestionReview_pkey" PRIMARY KEY ("organizationId","meetingId","suggestionId")
);

-- CreateIndex
CREATE UNIQUE INDEX "MeetingTemplate_organizationId_key_key" ON "MeetingTemplate"("organizationId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "MeetingTemplate_organizationId_name_key" ON "MeetingTemplate"("organizationId", "name");

-- CreateIndex
CREATE INDEX "MeetingSeries_organizationId_managerId_idx" ON "MeetingSeries"("organizationId", "managerId");

-- CreateIndex
CREATE INDEX "MeetingSeries_organizationId_employeeId_idx" ON "MeetingSeries"("organizationId", "employeeId");

-- CreateIndex
CREATE INDEX "Meeting_organizationId_managerId_scheduledAt_idx" ON "Meeting"("organizationId", "managerId", "scheduledAt");

-- CreateIndex
CREATE INDEX "Meeting_organizationId_employeeId_scheduledAt_idx" ON "Meeting"("organizationId", "employeeId", "scheduledAt");

-- CreateIndex
CREATE INDEX "Meeting_scheduledAt_idx" ON "Meeting"("scheduledAt");

-- CreateIndex
CREATE UNIQUE INDEX "Meeting_organizationId_seriesId_occurrenceStart_key" ON "Meeting"("organizationId", "seriesId", "occurrenceStart");

-- CreateIndex
CREATE INDEX "MeetingPrepForm_organizationId_employeeId_submittedAt_idx" ON "MeetingPrepForm"("organizationId", "employeeId", "submittedAt");

-- CreateIndex
CREATE UNIQUE INDEX "MeetingPrepForm_organizationId_meetingId_key" ON "MeetingPrepForm"("organizationId", "meetingId");

-- CreateIndex
CREATE INDEX "MeetingAgendaItem_organizationId_meetingId_position_idx" ON "MeetingAgendaItem"("organizationId", "meetingId", "position");

-- CreateIndex
CREATE INDEX "MeetingActionItem_organizationId_managerId_employeeId_compl_idx" ON "MeetingActionItem"("organizationId", "managerId", "employeeId", "completedAt");

-- CreateIndex
CREATE INDEX "MeetingActionItem_organizationId_originMeetingId_idx" ON "MeetingActionItem"("organizationId", "originMeetingId");

-- CreateIndex
CREATE UNIQUE INDEX "MeetingPrivateNote_organizationId_meetingId_authorId_key" ON "MeetingPrivateNote"("organizationId", "meetingId", "authorId");

-- AddForeignKey
ALTER TABLE "MeetingTemplate" ADD CONSTRAINT "MeetingTemplate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingSeries" ADD CONSTRAINT "MeetingSeries_organizationId_managerId_fkey" FOREIGN KEY ("organizationId", "managerId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingSeries" ADD CONSTRAINT "MeetingSeries_organizationId_employeeId_fkey" FOREIGN KEY ("organizationId", "employeeId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingSeries" ADD CONSTRAINT "MeetingSeries_organizationId_templateId_fkey" FOREIGN KEY ("organizationId", "templateId") REFERENCES "MeetingTemplate"("organizationId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_organizationId_seriesId_fkey" FOREIGN KEY ("organizationId", "seriesId") REFERENCES "MeetingSeries"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_organizationId_managerId_fkey" FOREIGN KEY ("organizationId", "managerId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_organizationId_employeeId_fkey" FOREIGN KEY ("organizationId", "employeeId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingPrepForm" ADD CONSTRAINT "MeetingPrepForm_organizationId_meetingId_fkey" FOREIGN KEY ("organizationId", "meetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingAgendaItem" ADD CONSTRAINT "MeetingAgendaItem_organizationId_meetingId_fkey" FOREIGN KEY ("organizationId", "meetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingActionItem" ADD CONSTRAINT "MeetingActionItem_organizationId_originMeetingId_fkey" FOREIGN KEY ("organizationId", "originMeetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingActionItem" ADD CONSTRAINT "MeetingActionItem_organizationId_completedMeetingId_fkey" FOREIGN KEY ("organizationId", "completedMeetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingPrivateNote" ADD CONSTRAINT "MeetingPrivateNote_organizationId_meetingId_fkey" FOREIGN KEY ("organizationId", "meetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingSuggestionReview" ADD CONSTRAINT "MeetingSuggestionReview_organizationId_meetingId_fkey" FOREIGN KEY ("organizationId", "meetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Row-level security. Tenant tables: the organisation policy, forced.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['MeetingTemplate', 'MeetingSeries', 'Meeting', 'MeetingPrepForm', 'MeetingAgendaItem', 'MeetingActionItem', 'MeetingPrivateNote', 'MeetingSuggestionReview']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org())', t);
  END LOOP;
END
$$;

-- The pair alone, on every table of a meeting (templates are the organisation's).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['MeetingSeries', 'Meeting', 'MeetingPrepForm', 'MeetingAgendaItem', 'MeetingActionItem', 'MeetingPrivateNote', 'MeetingSuggestionReview']
  LOOP
    EXECUTE format('CREATE POLICY pair_only ON %I AS RESTRICTIVE USING (app_current_user() IN ("managerId", "employeeId")) WITH CHECK (app_current_user() IN ("managerId", "employeeId"))', t);
  END LOOP;
END
$$;

-- A private note: its author alone, the other member of the pair included in "everyone else".
CREATE POLICY author_only ON "MeetingPrivateNote" AS RESTRICTIVE
  USING ("authorId" = app_current_user()) WITH CHECK ("authorId" = app_current_user());
-- 'x/y reviewed' is the manager's own.
CREATE POLICY manager_only ON "MeetingSuggestionReview" AS RESTRICTIVE
  USING ("managerId" = app_current_user()) WITH CHECK ("managerId" = app_current_user());

GRANT SELECT, INSERT, UPDATE, DELETE ON "MeetingTemplate", "MeetingSeries", "Meeting", "MeetingPrepForm", "MeetingAgendaItem", "MeetingActionItem", "MeetingPrivateNote" TO pulsewell_app;
GRANT SELECT, INSERT, DELETE ON "MeetingSuggestionReview" TO pulsewell_app;

CREATE OR REPLACE FUNCTION app_meeting_work_due(at_time timestamp, lead interval, horizon interval)
  RETURNS TABLE (kind text, "organizationId" uuid, id uuid, "managerId" uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    SELECT 'reminder', m."organizationId", m."id", m."managerId" FROM "Meeting" m
    WHERE m."status" = 'scheduled' AND m."reminderSentAt" IS NULL
      AND m."scheduledAt" > at_time AND m."scheduledAt" <= at_time + lead
    UNION ALL
    SELECT 'extend', s."organizationId", s."id", s."managerId" FROM "MeetingSeries" s
    WHERE s."recurrence" <> 'none' AND s."cancelledAt" IS NULL AND s."materializedUntil" < at_time + horizon
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_meeting_work_due(timestamp, interval, interval) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_meeting_work_due(timestamp, interval, interval) TO pulsewell_app;

CREATE OR REPLACE FUNCTION app_meeting_template_detach(template_id uuid)
  RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$
    WITH detached AS (
      UPDATE "MeetingSeries" SET "templateId" = NULL
      WHERE "organizationId" = app_current_org() AND "templateId" = template_id
      RETURNING 1
    )
    SELECT count(*)::integer FROM detached
  $$;

-- Only the application role may call it.
REVOKE ALL ON FUNCTION app_meeting_template_detach(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_meeting_template_detach(uuid) TO pulsewell_app;

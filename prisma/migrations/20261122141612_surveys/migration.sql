-- CreateEnum
CREATE TYPE "SurveyKind" AS ENUM ('pulse', 'custom');

-- CreateEnum
CREATE TYPE "SurveyStatus" AS ENUM ('scheduled', 'active', 'closed');

-- CreateEnum
CREATE TYPE "QuestionType" AS ENUM ('scale', 'enps', 'text');

-- AlterTable
ALTER TABLE "Organization" ADD COLUMN     "pulseEnabled" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "pulseTime" TEXT NOT NULL DEFAULT '09:00',
ADD COLUMN     "pulseTimeZone" TEXT NOT NULL DEFAULT 'UTC',
ADD COLUMN     "pulseWeekday" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "Survey" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "kind" "SurveyKind" NOT NULL,
    "title" TEXT NOT NULL,
    "status" "SurveyStatus" NOT NULL DEFAULT 'scheduled',
    "roundKey" TEXT,
    "scheduledFor" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),
    "closesAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "reminderSentAt" TIMESTAMP(3),
    "audienceTeamIds" UUID[],
    "minGroupSize" INTEGER NOT NULL DEFAULT 3,
    "invitedCount" INTEGER NOT NULL DEFAULT 0,
    "responseCount" INTEGER NOT NULL DEFAULT 0,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Survey_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "SurveyQuestion" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "surveyId" UUID NOT NULL,
    "order" INTEGER NOT NULL,
    "type" "QuestionType" NOT NULL,
    "text" TEXT NOT NULL,
    "isRequired" BOOLEAN NOT NULL DEFAULT true,
    "bankKey" TEXT,
    "dimension" TEXT,

    CONSTRAINT "SurveyQuestion_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "SurveyInvitation" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "surveyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "teamId" UUID,
    "usedAt" TIMESTAMP(3),
    "remindedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SurveyInvitation_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "SurveyResponse" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "surveyId" UUID NOT NULL,
    "teamId" UUID,

    CONSTRAINT "SurveyResponse_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "SurveyAnswer" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "responseId" UUID NOT NULL,
    "questionId" UUID NOT NULL,
    "value" INTEGER,
    "text" TEXT,

    CONSTRAINT "SurveyAnswer_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "SurveyRollup" (
    "organizationId" UUID NOT NULL,
    "surveyId" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "metric" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,
    "sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "promoters" INTEGER NOT NULL DEFAULT 0,
    "detractors" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SurveyRollup_pkey" PRIMARY KEY ("organizationId","surveyId","teamId","metric")
);

-- CreateTable
CREATE TABLE "SurveyParticipation" (
    "organizationId" UUID NOT NULL,
    "surveyId" UUID NOT NULL,
    "teamId" UUID NOT NULL,
    "invited" INTEGER NOT NULL DEFAULT 0,
    "responded" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "SurveyParticipation_pkey" PRIMARY KEY ("organizationId","surveyId","teamId")
);

-- CreateIndex
CREATE INDEX "Survey_organizationId_status_scheduledFor_idx" ON "Survey"("organizationId", "status", "scheduledFor");

-- CreateIndex
CREATE UNIQUE INDEX "Survey_organizationId_roundKey_key" ON "Survey"("organizationId", "roundKey");

-- CreateIndex
CREATE UNIQUE INDEX "SurveyQuestion_organizationId_surveyId_order_key" ON "SurveyQuestion"("organizationId", "surveyId", "order");

-- CreateIndex
CREATE INDEX "SurveyInvitation_organizationId_userId_idx" ON "SurveyInvitation"("organizationId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "SurveyInvitation_organizationId_tokenHash_key" ON "SurveyInvitation"("organizationId", "tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "SurveyInvitation_organizationId_surveyId_userId_key" ON "SurveyInvitation"("organizationId", "surveyId", "userId");

-- CreateIndex
CREATE INDEX "SurveyResponse_organizationId_surveyId_teamId_idx" ON "SurveyResponse"("organizationId", "surveyId", "teamId");

-- CreateIndex
CREATE INDEX "SurveyAnswer_organizationId_questionId_idx" ON "SurveyAnswer"("organizationId", "questionId");

-- CreateIndex
CREATE UNIQUE INDEX "SurveyAnswer_organizationId_responseId_questionId_key" ON "SurveyAnswer"("organizationId", "responseId", "questionId");

-- AddForeignKey
ALTER TABLE "Survey" ADD CONSTRAINT "Survey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyQuestion" ADD CONSTRAINT "SurveyQuestion_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyInvitation" ADD CONSTRAINT "SurveyInvitation_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyResponse" ADD CONSTRAINT "SurveyResponse_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyAnswer" ADD CONSTRAINT "SurveyAnswer_organizationId_responseId_fkey" FOREIGN KEY ("organizationId", "responseId") REFERENCES "SurveyResponse"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyAnswer" ADD CONSTRAINT "SurveyAnswer_organizationId_questionId_fkey" FOREIGN KEY ("organizationId", "questionId") REFERENCES "SurveyQuestion"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyRollup" ADD CONSTRAINT "SurveyRollup_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SurveyParticipation" ADD CONSTRAINT "SurveyParticipation_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security for the survey tables, as for every tenant table (see 20261122000100).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Survey', 'SurveyQuestion', 'SurveyInvitation', 'SurveyResponse', 'SurveyAnswer', 'SurveyRollup', 'SurveyParticipation']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org())', t);
  END LOOP;
END
$$;

GRANT SELECT, INSERT, UPDATE, DELETE ON
  "Survey", "SurveyQuestion", "SurveyInvitation", "SurveyResponse", "SurveyAnswer", "SurveyRollup", "SurveyParticipation"
  TO pulsewell_app;

-- The scheduler's only look past one organisation: every organisation's id and pulse schedule
-- (no names, no people), so it can open one organisation-scoped transaction per due workspace.
CREATE OR REPLACE FUNCTION app_pulse_schedules()
  RETURNS TABLE (id uuid, enabled boolean, weekday integer, at_time text, time_zone text)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT "id", "pulseEnabled", "pulseWeekday", "pulseTime", "pulseTimeZone" FROM "Organization" $$;

REVOKE ALL ON FUNCTION app_pulse_schedules() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION app_pulse_schedules() TO pulsewell_app;

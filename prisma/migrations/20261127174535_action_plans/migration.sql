-- CreateEnum
CREATE TYPE "ActionPlanStatus" AS ENUM ('draft', 'published', 'done', 'dropped');

-- CreateEnum
CREATE TYPE "ActionPlanVisibility" AS ENUM ('team', 'organization');

-- AlterEnum
ALTER TYPE "QuestionType" ADD VALUE 'choice';

-- AlterTable
ALTER TABLE "SurveyQuestion" ADD COLUMN     "audienceTeamId" UUID,
ADD COLUMN     "checkBackId" UUID,
ADD COLUMN     "options" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "ActionPlan" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "teamId" UUID,
    "ownerId" UUID NOT NULL,
    "createdById" UUID,
    "dueAt" DATE NOT NULL,
    "visibility" "ActionPlanVisibility" NOT NULL DEFAULT 'team',
    "status" "ActionPlanStatus" NOT NULL DEFAULT 'draft',
    "baselineSurveyId" UUID,
    "baselineScore" DOUBLE PRECISION,
    "baselineN" INTEGER,
    "baselineAt" TIMESTAMP(3),
    "publishedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ActionPlan_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "ActionPlanStep" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "planId" UUID NOT NULL,
    "order" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "ownerId" UUID,
    "dueAt" DATE,
    "doneAt" TIMESTAMP(3),
    "dueNotifiedAt" TIMESTAMP(3),

    CONSTRAINT "ActionPlanStep_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "ActionCheckBack" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "planId" UUID NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "surveyId" UUID,
    "scoreQuestionId" UUID,
    "happenedQuestionId" UUID,
    "sentAt" TIMESTAMP(3),
    "resultNotifiedAt" TIMESTAMP(3),

    CONSTRAINT "ActionCheckBack_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateIndex
CREATE INDEX "ActionPlan_organizationId_teamId_status_idx" ON "ActionPlan"("organizationId", "teamId", "status");

-- CreateIndex
CREATE INDEX "ActionPlan_organizationId_ownerId_idx" ON "ActionPlan"("organizationId", "ownerId");

-- CreateIndex
CREATE INDEX "ActionPlanStep_organizationId_planId_idx" ON "ActionPlanStep"("organizationId", "planId");

-- CreateIndex
CREATE INDEX "ActionCheckBack_organizationId_status_dueAt_idx" ON "ActionCheckBack"("organizationId", "status", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "ActionCheckBack_organizationId_planId_ordinal_key" ON "ActionCheckBack"("organizationId", "planId", "ordinal");

-- AddForeignKey
ALTER TABLE "ActionPlan" ADD CONSTRAINT "ActionPlan_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ActionPlan" ADD CONSTRAINT "ActionPlan_organizationId_teamId_fkey" FOREIGN KEY ("organizationId", "teamId") REFERENCES "Team"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ActionPlan" ADD CONSTRAINT "ActionPlan_organizationId_ownerId_fkey" FOREIGN KEY ("organizationId", "ownerId") REFERENCES "User"("organizationId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ActionPlanStep" ADD CONSTRAINT "ActionPlanStep_organizationId_planId_fkey" FOREIGN KEY ("organizationId", "planId") REFERENCES "ActionPlan"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ActionPlanStep" ADD CONSTRAINT "ActionPlanStep_organizationId_ownerId_fkey" FOREIGN KEY ("organizationId", "ownerId") REFERENCES "User"("organizationId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ActionCheckBack" ADD CONSTRAINT "ActionCheckBack_organizationId_planId_fkey" FOREIGN KEY ("organizationId", "planId") REFERENCES "ActionPlan"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- Row-level security and the application role's rights on the new tenant tables.
ALTER TABLE "ActionPlan" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ActionPlan" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "ActionPlan"
  USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org());
GRANT SELECT, INSERT, UPDATE, DELETE ON "ActionPlan" TO pulsewell_app;

ALTER TABLE "ActionPlanStep" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ActionPlanStep" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "ActionPlanStep"
  USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org());
GRANT SELECT, INSERT, UPDATE, DELETE ON "ActionPlanStep" TO pulsewell_app;

ALTER TABLE "ActionCheckBack" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "ActionCheckBack" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "ActionCheckBack"
  USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org());
GRANT SELECT, INSERT, UPDATE, DELETE ON "ActionCheckBack" TO pulsewell_app;

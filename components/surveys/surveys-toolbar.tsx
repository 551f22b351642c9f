"use client";

import { useState } from "react";
import Link from "next/link";
import { ClipboardCheck, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CreateSurveyDialog } from "@/components/surveys/create-survey-dialog";
import type { SurveyTeam } from "@/components/surveys/create-survey-audience";

/** 'Take Survey' (the signed-in person's open survey, answered with their session) and, for
 * admins, 'Create Survey'. */
export function SurveysToolbar({
  openSurveyId,
  create,
}: {
  openSurveyId: string | null;
  create: { orgId: string; teams: SurveyTeam[]; minGroupSize: number } | null;
}) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      {openSurveyId ? (
        <Button asChild variant="outline">
          <Link href={`/surveys/${openSurveyId}`}>
            <ClipboardCheck /> Take Survey
          </Link>
        </Button>
      ) : (
        <Button variant="outline" disabled title="There is no survey waiting for your answers right now">
          <ClipboardCheck /> Take Survey
        </Button>
      )}
      {create ? (
        <Button onClick={() => setCreating(true)}>
          <Plus /> Create Survey
        </Button>
      ) : null}
      {creating && create ? (
        <CreateSurveyDialog
          orgId={create.orgId}
          teams={create.teams}
          minGroupSize={create.minGroupSize}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </>
  );
}

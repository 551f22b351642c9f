"use client";

import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CreateSurveyDialog } from "@/components/surveys/create-survey-dialog";
import type { SurveyTeam } from "@/components/surveys/create-survey-audience";

/** The 'Create Survey' button with its dialog, for server pages (render it for admins only). */
export function CreateSurveyButton({ orgId, teams, minGroupSize, variant = "default" }: {
  orgId: string;
  teams: SurveyTeam[];
  minGroupSize: number;
  variant?: "default" | "outline";
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}><Plus /> Create Survey</Button>
      {open ? <CreateSurveyDialog orgId={orgId} teams={teams} minGroupSize={minGroupSize} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

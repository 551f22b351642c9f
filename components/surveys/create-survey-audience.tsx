"use client";

import { ShieldAlert } from "lucide-react";
import { FieldError } from "@/components/auth/form-feedback";
import { plural } from "@/lib/format";

export type SurveyTeam = { id: string; name: string; memberCount: number };

type Props = {
  teams: SurveyTeam[];
  everyone: boolean;
  teamIds: string[];
  minGroupSize: number;
  errors?: string[];
  disabled: boolean;
  onEveryone: (everyone: boolean) => void;
  onToggleTeam: (id: string, on: boolean) => void;
};

const radio = "size-4 accent-brand-600";

/** Everyone, or chosen teams. A team below the minimum group size may still be asked, but its
 * answers are reported only inside the organisation's total (docs/decisions.md (Anonymity and the minimum group)), and
 * we say so. */
export function AudiencePicker({
  teams,
  everyone,
  teamIds,
  minGroupSize,
  errors,
  disabled,
  onEveryone,
  onToggleTeam,
}: Props) {
  return (
    <fieldset className="grid gap-2" aria-describedby="audience-error">
      <legend className="mb-1 text-sm font-medium text-slate-800">Audience</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="audience"
          className={radio}
          checked={everyone}
          disabled={disabled}
          onChange={() => onEveryone(true)}
        />
        Everyone in the organisation
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="audience"
          className={radio}
          checked={!everyone}
          disabled={disabled || teams.length === 0}
          onChange={() => onEveryone(false)}
        />
        Chosen teams
      </label>
      {!everyone ? (
        <ul
          className="ml-6 grid max-h-56 gap-1.5 overflow-y-auto rounded-md border border-slate-200 p-2"
          aria-label="Teams"
        >
          {teams.map((t) => {
            const small = t.memberCount < minGroupSize;
            return (
              <li key={t.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className={`${radio} mt-0.5`}
                    checked={teamIds.includes(t.id)}
                    disabled={disabled}
                    onChange={(e) => onToggleTeam(t.id, e.target.checked)}
                  />
                  <span className="min-w-0">
                    <span className="font-medium text-slate-900">{t.name}</span>{" "}
                    <span className="text-slate-500">{`(${plural(t.memberCount, "member")})`}</span>
                    {small && teamIds.includes(t.id) ? (
                      <span className="mt-0.5 flex items-start gap-1 text-xs text-amber-800">
                        <ShieldAlert aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
                        {t.memberCount === 0
                          ? "This team has no members yet."
                          : `Fewer than ${plural(minGroupSize, "member")}: their answers count only in the organisation total, never as a team.`}
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      <FieldError id="audience-error" messages={errors} />
    </fieldset>
  );
}

"use server";

import { z } from "zod";
import { orgIdForSubdomain } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { parseForm } from "@/lib/actions/form-state";

export type FinderState =
  | { status: "idle" }
  | { status: "error"; title: string; message: string; fields?: Record<string, string[]> }
  | { status: "found"; url: string };

const schema = z.object({
  company: z.string().trim().toLowerCase().min(1, "Company name is required").max(63, "Company name is too long"),
});

/** The company-URL finder of the main site: sends the visitor to their workspace's sign-in. */
export async function findCompanyAction(_prev: FinderState, form: FormData): Promise<FinderState> {
  const parsed = parseForm(schema, form);
  if (!parsed.ok) return { status: "error", title: "Company name is required", message: "Company name is required", fields: parsed.state.fields };
  const sub = parsed.data.company;
  try {
    const orgId = /^[a-z0-9-]+$/.test(sub) ? await orgIdForSubdomain(sub) : null;
    if (!orgId) {
      return { status: "error", title: "Company not found", message: `No account found for "${sub}". Please check the name or sign up for a new account.` };
    }
    return { status: "found", url: `${workspaceOrigin(sub, env().rootDomain)}/login` };
  } catch {
    return { status: "error", title: "Error", message: "Unable to find your company. Please check the name and try again." };
  }
}

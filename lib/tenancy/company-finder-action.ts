"use server";

import { z } from "zod";
import { workspaceExists } from "@/lib/org/workspace";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { subdomainCandidates } from "@/lib/tenancy/company-address";

export type FinderState =
  | { status: "idle" }
  | { status: "error"; title: string; message?: string }
  | { status: "found"; url: string };

const schema = z.object({
  company: z.string({ error: "Company name is required" }).trim().min(1, "Company name is required").max(253, "Company name is too long"),
});

/** The company-URL finder of the main site: sends the visitor to their workspace's sign-in. */
export async function findCompanyAction(_prev: FinderState, form: FormData): Promise<FinderState> {
  const parsed = schema.safeParse({ company: form.get("company") ?? "" });
  if (!parsed.success) return { status: "error", title: parsed.error.issues[0]?.message ?? "Company name is required" };
  const typed = parsed.data.company;
  const e = env();
  try {
    for (const sub of subdomainCandidates(typed, e.rootDomain, e.PRODUCT_NAME)) {
      if (await workspaceExists(sub)) return { status: "found", url: `${workspaceOrigin(sub, e.rootDomain)}/login` };
    }
    return { status: "error", title: "Company not found", message: `No account found for "${typed}". Please check the name or sign up for a new account.` };
  } catch {
    return { status: "error", title: "Error", message: "Unable to find your company. Please check the name and try again." };
  }
}

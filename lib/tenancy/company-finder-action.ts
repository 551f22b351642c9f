"use server";

import { redirect } from "next/navigation";
import { formAction } from "@/lib/actions/action";
import { workspaceExists } from "@/lib/org/workspace";
import { env } from "@/lib/config/env";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { subdomainCandidates } from "@/lib/tenancy/company-address";
import { COMPANY_NOT_FOUND, companyFinderSchema, noAccountFor } from "@/lib/tenancy/company-finder-schemas";
import { DomainError } from "@/lib/errors/domain-error";

/**
 * The company-URL finder of the main site: sends the visitor to their workspace's sign-in. The
 * workspace is another origin, so redirect() makes the browser navigate there outright (the
 * wrapper passes Next's redirect through). Not found is the typed value's fault, so it is a field
 * message: the product's title and its explanation, one a line, gone once the visitor edits the name.
 */
export const findCompanyAction = formAction(
  { auth: "public", input: companyFinderSchema, rateLimit: "companyFinder" },
  async ({ input }) => {
    const e = env();
    for (const sub of subdomainCandidates(input.company, e.rootDomain, e.PRODUCT_NAME)) {
      if (await workspaceExists(sub)) redirect(`${workspaceOrigin(sub, e.rootDomain)}/login`);
    }
    throw new DomainError("not_found", "not_found", COMPANY_NOT_FOUND, {
      company: [COMPANY_NOT_FOUND, noAccountFor(input.company)],
    });
  },
);

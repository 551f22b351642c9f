"use client";

import { useActionState, useEffect } from "react";
import Link from "next/link";
import { findCompanyAction, type FinderState } from "@/lib/tenancy/company-finder-action";
import { Button } from "@/components/ui/button";
import { SuffixedInput } from "@/components/ui/suffixed-input";
import { Label } from "@/components/ui/label";

/** 'Company URL' with the root domain as suffix; sends the visitor on to their workspace's sign-in. */
export function CompanyFinder({ suffix, productName }: { suffix: string; productName: string }) {
  const [state, action, pending] = useActionState<FinderState, FormData>(findCompanyAction, { status: "idle" });
  useEffect(() => {
    if (state.status === "found") window.location.assign(state.url);
  }, [state]);
  const failed = state.status === "error";
  return (
    <form action={action} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="company">Company URL</Label>
        <SuffixedInput
          suffix={suffix}
          suffixId="company-suffix"
          id="company"
          name="company"
          autoComplete="organization"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="your-company"
          required
          maxLength={253}
          aria-invalid={failed || undefined}
          aria-describedby={failed ? "company-suffix company-error" : "company-suffix"}
        />
      </div>
      {failed ? (
        <div id="company-error" role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">{state.title}</p>
          {state.message ? <p className="mt-0.5">{state.message}</p> : null}
        </div>
      ) : null}
      {state.status === "found" ? <p role="status" className="text-sm text-slate-600">Redirecting...</p> : null}
      <Button type="submit" className="w-full" disabled={pending || state.status === "found"}>Go to Company Login</Button>
      <p className="text-center text-sm text-slate-600">
        New to {productName}? <Link className="font-medium text-brand-600 hover:underline" href="/signup">Sign up for a free trial</Link>
      </p>
    </form>
  );
}

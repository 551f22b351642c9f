"use client";

import { useActionState, useEffect } from "react";
import Link from "next/link";
import { findCompanyAction, type FinderState } from "@/app/site/login/actions";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
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
        <div className="flex items-stretch overflow-hidden rounded-md border border-slate-300 bg-white focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/40 has-[input[aria-invalid=true]]:border-red-500">
          <Input
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
            className="rounded-none border-0 shadow-none focus-visible:outline-none"
          />
          <span id="company-suffix" className="flex shrink-0 items-center whitespace-nowrap border-l border-slate-200 bg-slate-100 px-3 text-sm text-slate-600">
            .{suffix}
          </span>
        </div>
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

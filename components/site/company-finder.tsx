"use client";

import { useActionState, useEffect } from "react";
import Link from "next/link";
import { findCompanyAction, type FinderState } from "@/app/site/login/actions";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export function CompanyFinder({ suffix }: { suffix: string }) {
  const [state, action, pending] = useActionState<FinderState, FormData>(findCompanyAction, { status: "idle" });
  useEffect(() => {
    if (state.status === "found") window.location.href = state.url;
  }, [state]);
  return (
    <form action={action} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="company">Company URL</Label>
        <div className="flex items-stretch overflow-hidden rounded-md border border-slate-300 focus-within:ring-2 focus-within:ring-brand-500">
          <Input id="company" name="company" autoComplete="organization" required className="rounded-none border-0 focus-visible:ring-0" aria-describedby="company-suffix company-error" />
          <span id="company-suffix" className="flex items-center bg-slate-100 px-3 text-sm text-slate-600">.{suffix}</span>
        </div>
      </div>
      {state.status === "error" ? (
        <div id="company-error" role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">{state.title}</p>
          <p>{state.message}</p>
        </div>
      ) : null}
      {state.status === "found" ? <p role="status" className="text-sm text-slate-600">Redirecting...</p> : null}
      <Button type="submit" className="w-full" disabled={pending || state.status === "found"}>Go to Company Login</Button>
      <p className="text-center text-sm text-slate-600">
        New to Pulsewell? <Link className="text-brand-600 hover:underline" href="/signup">Sign up</Link>
      </p>
    </form>
  );
}

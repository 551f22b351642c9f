"use client";

import { useRouter } from "next/navigation";
import { ArrowLeft, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";

export function AccessRestricted() {
  const router = useRouter();

  function goBack() {
    // Opened directly (new tab, bookmark) there is no page to go back to: go home instead.
    if (window.history.length > 1) router.back();
    else router.push("/");
  }

  return (
    <section aria-labelledby="access-restricted-title" className="flex min-h-[50vh] flex-col items-center justify-center px-4 py-16 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Lock aria-hidden="true" className="size-6" />
      </div>
      <h1 id="access-restricted-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Access Restricted
      </h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">This feature is currently under development</p>
      <Button variant="outline" className="mt-6" onClick={goBack}>
        <ArrowLeft aria-hidden="true" />
        Go Back
      </Button>
    </section>
  );
}

import { ArrowRight } from "lucide-react";
import { demoWorkspaceLink } from "@/lib/tenancy/demo-workspace";

/** On a local start only: a strip above the public site that leads to the demo workspace's
 * sign-in (nothing on a real domain, nothing without a seeded demo). A plain link: another host,
 * so a full navigation, and no script on the landing page. */
export async function DemoWorkspaceBar() {
  const demo = await demoWorkspaceLink();
  if (!demo) return null;
  return (
    <aside aria-label="Demo workspace" className="bg-slate-900 text-sm text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 sm:px-6">
        <p className="min-w-0">
          Local start: the demo workspace <span className="font-semibold">{demo.name}</span> is ready to try.
        </p>
        <a
          href={demo.signInUrl}
          className="inline-flex items-center gap-1 rounded font-semibold text-brand-100 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Open the demo workspace
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </div>
    </aside>
  );
}

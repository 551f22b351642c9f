import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { LoggedOutToast } from "@/components/auth/logged-out-toast";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { currentTenant } from "@/lib/tenancy/resolve";
import { currentSession } from "@/lib/auth/current-session";
import { getWorkspace } from "@/lib/org/workspace";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  // Where sign-in leads: checked here, on the server; the form only follows what this allows.
  const returnTo = safeCallbackPath(sp.callbackUrl);
  if (await currentSession()) redirect(returnTo);
  const tenant = await currentTenant();
  const workspace = tenant ? await getWorkspace(tenant.orgId) : null;
  const notice = sp.reset === "1" ? "Your password was changed. Sign in with the new one." : undefined;
  return (
    <AuthCard title={`Sign in to ${workspace?.name ?? "your workspace"}`} subtitle="Use your work email and password.">
      <LoginForm notice={notice} returnTo={returnTo} />
      <LoggedOutToast />
    </AuthCard>
  );
}

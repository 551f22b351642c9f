import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { currentTenant } from "@/lib/tenancy/resolve";
import { currentSession } from "@/lib/auth/current-session";
import { getWorkspace } from "@/lib/org/workspace";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  if (await currentSession()) redirect("/");
  const tenant = await currentTenant();
  const workspace = tenant ? await getWorkspace(tenant.orgId) : null;
  const sp = await searchParams;
  const notice =
    sp.reset === "1"
      ? "Your password was changed. Sign in with the new one."
      : sp.invited === "1"
        ? "Your password is set. Sign in to get started."
        : undefined;
  return (
    <AuthCard title={`Sign in to ${workspace?.name ?? "your workspace"}`} subtitle="Use your work email and password.">
      <LoginForm notice={notice} />
    </AuthCard>
  );
}

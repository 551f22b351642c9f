import type { Metadata } from "next";
import { AuthCard } from "@/components/auth/auth-card";
import { WelcomeHandoff } from "@/components/signup/welcome-handoff";

export const metadata: Metadata = { title: "Welcome" };

// Where a new admin lands after signup (/welcome#token=...). Outside the signed-in group on
// purpose: the visitor has no session yet; the token in the fragment creates it. The tenant
// layout has already checked that the segment is this Host's workspace.
export default async function WelcomePage({ params }: { params: Promise<{ tenant: string }> }) {
  const { tenant } = await params;
  return (
    <AuthCard title="Welcome to your workspace">
      <WelcomeHandoff subdomain={tenant} />
    </AuthCard>
  );
}

import type { Metadata } from "next";
import { UserRound } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { fullName } from "@/lib/people/dto";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { SettingsPanel } from "@/components/settings/settings-panel";

export const metadata: Metadata = { title: "Your account · Settings" };

/** Settings > Your account: every role's own name, e-mail, role and password. */
export default async function AccountSettingsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { user } = session;
  return (
    <SettingsPanel id="account" title="Your account" icon={UserRound}>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-slate-500">Name</dt><dd>{fullName(user)}</dd>
        <dt className="text-slate-500">Email</dt><dd className="break-all">{user.email}</dd>
        <dt className="text-slate-500">Role</dt><dd className="capitalize">{user.role}</dd>
      </dl>
      <h3 className="mt-6 mb-3 font-medium">Change password</h3>
      <ChangePasswordForm />
    </SettingsPanel>
  );
}

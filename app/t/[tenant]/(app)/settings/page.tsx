import { fullName } from "@/lib/people/dto";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { VaultCard } from "@/components/settings/vault-card";
import { ChangeEmailForm } from "@/components/settings/change-email-form";
import { sectionMetadata, SettingsSectionPage } from "./section-page";

export const metadata = sectionMetadata("/settings");

/** Settings > Your account: every role's own name, e-mail, role, password and private vault. */
export default function AccountSettingsPage() {
  return (
    <SettingsSectionPage
      href="/settings"
      render={({ user }) => (
        <>
          <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-500">Name</dt>
            <dd>{fullName(user)}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="text-slate-500">Role</dt>
            <dd className="capitalize">{user.role}</dd>
          </dl>
          <h3 className="mt-6 mb-3 font-medium">Change password</h3>
          <ChangePasswordForm />
          <h3 className="mt-6 mb-1 font-medium">Change e-mail</h3>
          <p className="mb-3 max-w-prose text-sm text-slate-600">
            Only you can change the address you sign in with. We send a link to the new address to confirm it, tell your
            current address, and sign you out everywhere.
          </p>
          <ChangeEmailForm />
          <VaultCard />
        </>
      )}
    />
  );
}

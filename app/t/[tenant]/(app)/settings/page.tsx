import { fullName } from "@/lib/people/dto";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { sectionMetadata, SettingsSectionPage } from "./section-page";

export const metadata = sectionMetadata("/settings");

/** Settings > Your account: every role's own name, e-mail, role and password. */
export default function AccountSettingsPage() {
  return (
    <SettingsSectionPage
      href="/settings"
      render={({ user }) => (
        <>
          <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-slate-500">Name</dt><dd>{fullName(user)}</dd>
            <dt className="text-slate-500">Email</dt><dd className="break-all">{user.email}</dd>
            <dt className="text-slate-500">Role</dt><dd className="capitalize">{user.role}</dd>
          </dl>
          <h3 className="mt-6 mb-3 font-medium">Change password</h3>
          <ChangePasswordForm />
        </>
      )}
    />
  );
}

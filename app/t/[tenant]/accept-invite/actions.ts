"use server";

import { currentTenant } from "@/lib/tenancy/resolve";
import { newPasswordSchema } from "@/lib/auth/password-reset";
import { acceptInvitation } from "@/lib/people/invitations";
import { parseForm, type FormState } from "@/lib/actions/form-state";

export async function acceptInvitationAction(_prev: FormState, form: FormData): Promise<FormState> {
  const parsed = parseForm(newPasswordSchema, form);
  if (!parsed.ok) return parsed.state;
  const tenant = await currentTenant();
  if (!tenant) return { status: "error", message: "This workspace does not exist." };
  const ok = await acceptInvitation(tenant.orgId, parsed.data.token, parsed.data.password);
  if (!ok) return { status: "error", message: "This invitation link is invalid, was already used or has expired. Ask your administrator for a new one." };
  return { status: "ok", message: "Your password is set." };
}

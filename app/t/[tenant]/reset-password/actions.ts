"use server";

import { currentTenant } from "@/lib/tenancy/resolve";
import { newPasswordSchema, resetPassword } from "@/lib/auth/password-reset";
import { parseForm, type FormState } from "@/lib/actions/form-state";

export async function resetPasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  const parsed = parseForm(newPasswordSchema, form);
  if (!parsed.ok) return parsed.state;
  const tenant = await currentTenant();
  if (!tenant) return { status: "error", message: "This workspace does not exist." };
  const ok = await resetPassword(tenant, parsed.data.token, parsed.data.password);
  if (!ok) return { status: "error", message: "This link is invalid, was already used or has expired. Ask for a new one." };
  return { status: "ok", message: "Your password was changed." };
}

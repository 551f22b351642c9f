"use server";

import { currentTenant } from "@/lib/tenancy/resolve";
import { requestPasswordReset, resetRequestSchema } from "@/lib/auth/password-reset";
import { parseForm, type FormState } from "@/lib/actions/form-state";

// The answer is the same whether or not the account exists, so the form reveals no accounts.
export async function requestResetAction(_prev: FormState, form: FormData): Promise<FormState> {
  const parsed = parseForm(resetRequestSchema, form);
  if (!parsed.ok) return parsed.state;
  const tenant = await currentTenant();
  if (!tenant) return { status: "error", message: "This workspace does not exist." };
  await requestPasswordReset(tenant, parsed.data.email);
  return { status: "ok", message: "If an account exists for that email, we have sent a link to reset its password. It is valid for one hour." };
}

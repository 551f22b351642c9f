"use server";

import { currentSession } from "@/lib/auth/current-session";
import { changePassword, changePasswordSchema } from "@/lib/auth/change-password";
import { parseForm, type FormState } from "@/lib/actions/form-state";

export async function changePasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  const session = await currentSession();
  if (!session) return { status: "error", message: "Your session has ended. Please sign in again." };
  const parsed = parseForm(changePasswordSchema, form);
  if (!parsed.ok) return parsed.state;
  const result = await changePassword(session.ctx, parsed.data.currentPassword, parsed.data.password);
  if (result === "wrong-password") return { status: "error", message: "The current password is not correct.", fields: { currentPassword: ["The current password is not correct."] } };
  return { status: "ok", message: "Password changed. Your other sessions were signed out." };
}

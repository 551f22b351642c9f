import type { ErrorCode } from "@/lib/errors/codes";

// What every form server action returns to its form (lib/actions/action.ts makes it). Client-safe.
export type FormState = {
  status: "idle" | "ok" | "error";
  message?: string;
  /** On error: the stable code to decide by (never the message, which may be reworded). */
  code?: ErrorCode;
  fields?: Record<string, string[]>;
};

export const idleState: FormState = { status: "idle" };

/** The form-level line beside field messages (the action wrapper answers with it; client forms
 * say it in place of a server's generic summary such as "Invalid request body"). */
export const CORRECT_FIELDS = "Please correct the highlighted fields.";

/** A form's server action as formAction (lib/actions/action.ts) makes it; client forms call it. */
export type FormAction = (prev: FormState, form: FormData) => Promise<FormState>;

import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { nullWhenNotFound } from "@/lib/errors/domain-error";
import { getMeetingDetail } from "@/lib/one-on-one/meetings";
import type { MeetingDetail } from "@/lib/one-on-one/dto";

/**
 * A 1:1 as a server page reads it, through the same function as GET
 * /api/meetings/one-on-one/meeting/{id}, so the first HTML shows it (the largest paint must not
 * wait for the scripts and a fetch): null where the API answers 404 (missing, another
 * organisation's, or not the caller's pair), which the page shows as 'Meeting Not Found'.
 */
export function meetingForPage(ctx: AuthContext, meetingId: string): Promise<MeetingDetail | null> {
  return nullWhenNotFound(getMeetingDetail(ctx, meetingId));
}

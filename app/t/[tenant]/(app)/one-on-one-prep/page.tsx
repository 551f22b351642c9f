import type { Metadata } from "next";
import { meetingPage } from "@/components/one-on-one/meeting-page-gate";
import { PrepFormScreen } from "@/components/one-on-one/prep-form-page";

export const metadata: Metadata = { title: "1:1 Meeting Prep Form" };

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  return meetingPage(searchParams, ({ id, meeting }) => <PrepFormScreen key={id} meetingId={id} initial={meeting} />);
}

"use client";

import { useEffect, useRef, useState } from "react";
import { Lock } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { meetingApi, meetingKeys } from "@/components/one-on-one/use-meeting";
import type { MeetingDetail } from "@/lib/one-on-one/dto";
import { Textarea } from "@/components/ui/textarea";

const NOTE_MAX = 20000;
const DEBOUNCE_MS = 800;
type Status = "idle" | "saving" | "saved" | "error";

/** The caller's own note on this meeting: encrypted on the server, never shown to the other person;
 * saved by itself shortly after each change. */
export function PrivateNote({ meeting }: { meeting: MeetingDetail }) {
  const [body, setBody] = useState(meeting.privateNote?.body ?? "");
  const [status, setStatus] = useState<Status>("idle");
  const timer = useRef<number | null>(null);
  const latest = useRef(body);
  const sent = useRef(body);
  const queryClient = useQueryClient();

  async function save() {
    const text = latest.current;
    if (text === sent.current) return;
    if (text.length > NOTE_MAX) return setStatus("error");
    setStatus("saving");
    try {
      const saved = await meetingApi.savePrivateNote(meeting.id, text);
      sent.current = text;
      // The cached meeting holds the note too: a tab switch remounts this from it.
      queryClient.setQueryData<MeetingDetail>(meetingKeys.meeting(meeting.id), (m) => (m ? { ...m, privateNote: saved ?? { body: text, updatedAt: new Date().toISOString() } } : m));
      setStatus(latest.current === text ? "saved" : "saving");
    } catch {
      setStatus("error");
    }
  }

  // Save what is pending when the person leaves the page or the tab.
  useEffect(() => () => {
    if (timer.current !== null) {
      window.clearTimeout(timer.current);
      void save();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function change(value: string) {
    setBody(value);
    latest.current = value;
    setStatus("idle");
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void save();
    }, DEBOUNCE_MS);
  }

  const tooLong = body.length > NOTE_MAX;
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <label id="private-note-label" htmlFor="private-note" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Lock aria-hidden="true" className="size-4 text-slate-500" />
        Private note — only you can see this
      </label>
      <Textarea
        id="private-note"
        value={body}
        onChange={(e) => change(e.target.value)}
        onBlur={() => {
          if (timer.current !== null) {
            window.clearTimeout(timer.current);
            timer.current = null;
            void save();
          }
        }}
        rows={4}
        aria-invalid={tooLong || undefined}
        aria-describedby="private-note-status"
        className="min-h-24"
      />
      <p id="private-note-status" role="status" className={`text-xs ${status === "error" ? "text-red-600" : "text-slate-500"}`}>
        {tooLong
          ? "A private note is at most 20,000 characters"
          : status === "saving"
            ? "Saving..."
            : status === "saved"
              ? "Saved"
              : status === "error"
                ? "Failed to save the private note. Keep this page open and try again."
                : "Encrypted and saved automatically."}
      </p>
    </section>
  );
}

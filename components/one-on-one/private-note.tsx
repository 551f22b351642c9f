"use client";

import { useEffect, useRef, useState } from "react";
import { Lock } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import { meetingApi, meetingKeys } from "@/components/one-on-one/use-meeting";
import type { MeetingDetail } from "@/lib/one-on-one/dto";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { useVaultGate } from "@/components/vault/use-vault-gate";
import { VaultNotices } from "@/components/vault/vault-notices";
import { vaultRefusalOf } from "@/components/vault/vault-api";
import { unlessReadOnly } from "@/components/forms/api-answer";

const NOTE_MAX = 20000;
const DEBOUNCE_MS = 800;
/** held: waiting for the vault's recovery key to be saved; locked: this session cannot open the vault. */
type Status = "idle" | "saving" | "saved" | "error" | "held" | "locked";
const FAILED = "Failed to save the private note. Keep this page open and try again.";

/** The caller's own note on this meeting: encrypted in their private vault, never shown to the other
 * person; saved by itself shortly after each change. The first save waits for the vault's recovery
 * key to be saved (the setup dialog), and nothing is sent before that. */
export function PrivateNote({ meeting }: { meeting: MeetingDetail }) {
  const [body, setBody] = useState(meeting.privateNote?.body ?? "");
  const [status, setStatus] = useState<Status>("idle");
  const [failure, setFailure] = useState(FAILED);
  const timer = useRef<number | null>(null);
  const latest = useRef(body);
  const sent = useRef(body);
  const queryClient = useQueryClient();
  const key = meetingKeys.meeting(meeting.id);
  const vault = useVaultGate({
    onRecovered: async () => {
      // The note a password reset sealed is readable again: shown, unless something new was typed.
      await queryClient.invalidateQueries({ queryKey: key });
      const note = queryClient.getQueryData<MeetingDetail>(key)?.privateNote;
      if (note && latest.current === sent.current && latest.current === "") {
        latest.current = note.body;
        sent.current = note.body;
        setBody(note.body);
      }
    },
  });

  async function write() {
    const text = latest.current;
    if (text === sent.current) return;
    setStatus("saving");
    try {
      const saved = await meetingApi.savePrivateNote(meeting.id, text);
      sent.current = text;
      // The cached meeting holds the note too: a tab switch remounts this from it.
      queryClient.setQueryData<MeetingDetail>(key, (m) =>
        m ? { ...m, privateNote: saved ?? { body: text, updatedAt: new Date().toISOString() } } : m,
      );
      setStatus(latest.current === text ? "saved" : "saving");
    } catch (err) {
      const refusal = vaultRefusalOf(err);
      if (
        vault.refused(
          err,
          () => void write(),
          () => setStatus("held"),
        )
      )
        return setStatus(refusal === "vault_locked" ? "locked" : "held");
      setFailure(unlessReadOnly(err, FAILED));
      setStatus("error");
    }
  }

  function save() {
    if (latest.current === sent.current) return;
    if (latest.current.length > NOTE_MAX) return setStatus("error");
    if (
      vault.guard(
        () => void write(),
        () => setStatus("held"),
      ) === "held"
    )
      setStatus("held");
  }

  // Save what is pending when the person leaves the page or the tab.
  useEffect(
    () => () => {
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
        save();
      }
    },
    // Runs once, on unmount: the latest draft is read through the ref-held timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  function change(value: string) {
    setBody(value);
    latest.current = value;
    setStatus("idle");
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      save();
    }, DEBOUNCE_MS);
  }

  const tooLong = body.length > NOTE_MAX;
  const trouble = status === "error" || status === "held" || status === "locked";
  return (
    <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <label
        id="private-note-label"
        htmlFor="private-note"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <Lock aria-hidden="true" className="size-4 text-slate-500" />
        Private note — only you can see this
      </label>
      <VaultNotices vault={vault.vault} onEnterKey={vault.openRecover} />
      <Textarea
        id="private-note"
        value={body}
        onChange={(e) => change(e.target.value)}
        onBlur={() => {
          if (timer.current !== null) {
            window.clearTimeout(timer.current);
            timer.current = null;
            save();
          }
        }}
        rows={4}
        aria-invalid={tooLong || undefined}
        aria-describedby="private-note-status"
        className="min-h-24"
      />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p id="private-note-status" role="status" className={`text-xs ${trouble ? "text-red-600" : "text-slate-500"}`}>
          {tooLong
            ? "A private note is at most 20,000 characters"
            : status === "saving"
              ? "Saving..."
              : status === "saved"
                ? "Saved"
                : status === "held"
                  ? "Not saved yet: save your recovery key first, so that only you can read this note."
                  : status === "locked"
                    ? "Not saved: sign in again to open your private vault."
                    : status === "error"
                      ? failure
                      : "Encrypted in your private vault and saved automatically."}
        </p>
        {status === "held" ? (
          <Button size="sm" variant="outline" onClick={save}>
            Create your private vault
          </Button>
        ) : null}
      </div>
      {vault.dialogs}
    </section>
  );
}

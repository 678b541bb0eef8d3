import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../../components/ui/toast";
import { editMemorySchema, NARRATION_COPY, narrationSaveProblem } from "../../../../shared/memories";
import { EMPTY_MEMORY_FIELDS, MemoryFields, memoryFieldsInput } from "../../../components/memory/memory-fields";
import { Button } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api-client";
import { fieldErrors } from "../../../lib/form-errors";
import { OFFLINE_COPY, UNSAVED_RECORDING_COPY } from "../../../../shared/copy";
import { useLeaveGuard } from "../../../components/ui/use-leave-guard";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import type { NarrationRequest } from "../../../lib/narration-request";
import { outbox } from "../../../lib/outbox";
import { useCreateNarration } from "../api/create-narration";
import { useChildChoices } from "./child-picker";
import { ImagePicker } from "./image-picker";
import { useVoiceRecorder } from "./use-voice-recorder";
import { type DraftFields, voiceDraftStore, type VoiceDraft } from "./voice-draft-store";
import { VoiceRecorderPanel } from "./voice-recorder-panel";

export type RecordPrefill = Partial<DraftFields>;


/** Narration (voice + optional photo) or Quick Note (optional voice, no photo), then save. */
export function NarrationForm({
  kind,
  ownerId,
  prefill,
  restoredDraft,
  renderIdeas,
}: {
  kind: "narration" | "note";
  /** The signed-in dad: a memory saved with no network waits on the device for him (null while unknown). */
  ownerId: string | null;
  prefill?: RecordPrefill;
  restoredDraft?: VoiceDraft | null;
  renderIdeas?: (pick: (prompt: string) => void) => ReactNode;
}) {
  const navigate = useNavigate();
  const recorder = useVoiceRecorder(kind);
  const create = useCreateNarration();
  const [fields, setFields] = useState<DraftFields>({ ...EMPTY_MEMORY_FIELDS, ...prefill, ...restoredDraft?.fields });
  const [image, setImage] = useState<File | null>(restoredDraft?.image ?? null);
  const { restore } = recorder;
  // One key for this form: every submit of it (a double click, a retry) names the same memory.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Set on the first click: the ref at once, the state disables the button on the next render.
  const submitting = useRef(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    // A draft whose recording held nothing brings back only what Dad typed.
    if (restoredDraft && restoredDraft.chunks.length > 0) restore(restoredDraft);
  }, [restoredDraft, restore]);

  // While there is a recording to lose, what Dad typed and his photo are kept with it for the next visit.
  const recordingInProgress = recorder.state !== "idle";
  useEffect(() => {
    if (recordingInProgress) voiceDraftStore.saveFields(kind, fields, kind === "narration" ? image : null).catch(() => {});
  }, [recordingInProgress, kind, fields, image]);

  const childChoices = useChildChoices();
  // Each field's own message (the shared schema's), once Dad has touched that field.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const set = (patch: Partial<DraftFields>) => {
    setFields((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set([...current, ...Object.keys(patch)]));
  };
  const errors = Object.fromEntries(Object.entries(fieldErrors(editMemorySchema.safeParse(memoryFieldsInput(fields)))).filter(([field]) => touched.has(field)));
  const problemWith = (unlock: DraftFields) => narrationSaveProblem({ kind, hasRecording: recorder.state === "recorded", title: fields.title, childCount: fields.childIds.length, unlock });
  const problem = problemWith(fields);
  // Picking 'At an age' (a date, a milestone) is not yet a mistake: its field's problem is said once Dad has been in that field.
  const unlockFieldTouched = ["unlockAge", "unlockDate", "unlockMilestone"].some((field) => touched.has(field));
  const shownProblem = unlockFieldTouched ? problem : problemWith({ ...fields, unlockType: "now" });
  const busy = recorder.state === "recording" || create.isPending || saving;
  // A recording (in progress or done) not saved yet: leaving asks first (it stays in IndexedDB either way).
  const leaveGuard = useLeaveGuard({ when: recordingInProgress, copy: UNSAVED_RECORDING_COPY });

  /** No network: the memory waits on this phone (lib/outbox.ts) and is sent, once, when it can be. */
  async function keepOnDevice(request: NarrationRequest, owner: string) {
    await outbox.add({ kind: "narration", ownerId: owner, ...request });
    await voiceDraftStore.clear().catch(() => {});
    leaveGuard.release();
    toast.success(OFFLINE_COPY.savedOnDevice);
    void navigate("/dashboard");
  }

  async function save() {
    if (problem || busy || submitting.current) return;
    submitting.current = true;
    setSaving(true);
    const request: NarrationRequest = {
      fields: { kind, ...memoryFieldsInput(fields), durationSeconds: recorder.recording?.durationSeconds ?? 0 },
      audio: recorder.recording?.blob ?? null,
      image: kind === "narration" ? image : null,
      idempotencyKey,
    };
    try {
      if (!navigator.onLine && ownerId) return await keepOnDevice(request, ownerId);
      const { id } = await create.mutateAsync(request);
      await voiceDraftStore.clear().catch(() => {});
      leaveGuard.release();
      void navigate(`/dashboard?new=narration:${id}`);
    } catch (error) {
      // The connection dropped on the way: the same memory (same key) waits on the device instead.
      if (isApiError(error) && error.code === "NETWORK_ERROR" && ownerId) await keepOnDevice(request, ownerId).catch(() => toast.error(NARRATION_COPY.saveFailed));
      else if (isApiError(error) && error.status === 401) toast.error(NARRATION_COPY.notSignedIn);
      else toast.error(error instanceof Error && error.message ? error.message : NARRATION_COPY.saveFailed);
    } finally {
      submitting.current = false;
      setSaving(false);
    }
  }

  return (
    <form
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {leaveGuard.dialog}
      <VoiceRecorderPanel recorder={recorder} optional={kind === "note"} />
      {kind === "narration" ? <ImagePicker file={image} onChange={setImage} /> : null}
      <MemoryFields
        idPrefix="memory"
        values={fields}
        errors={errors}
        onChange={set}
        childChoices={childChoices}
        titleExtra={renderIdeas?.((prompt) => set({ title: prompt }))}
        titlePlaceholder="The day you were born"
        notesPlaceholder={kind === "note" ? "Write it down while it's fresh." : "Anything you want them to know about this."}
        notesRows={kind === "note" ? 6 : 3}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={problem !== null || recorder.state === "recording"} busy={create.isPending || saving} busyLabel="Saving…">
          {kind === "note" ? "Save Quick Note" : "Save Narration"}
        </Button>
        {shownProblem && !Object.values(errors).includes(shownProblem) ? (
          <p className="text-sm font-medium text-olive-dark" role="status">
            {shownProblem}
          </p>
        ) : null}
      </div>
    </form>
  );
}

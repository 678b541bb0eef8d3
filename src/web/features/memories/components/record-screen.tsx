import { Mic, NotebookPen, Video } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { NOTHING_RECORDED_COPY } from "../../../../shared/copy";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { NarrationForm, type RecordPrefill } from "./narration-form";
import { voiceDraftStore, type VoiceDraft } from "./voice-draft-store";
import { recordingHasMedia } from "../../../lib/recording-has-media";
import { SEGMENTED_BAR, segmentedTabClass } from "../../../components/ui/segmented-tabs";

type Tab = "narration" | "video" | "note";

/** video=true → Video; note=true or voice=true → Quick Note; else Narration. */
export function tabFromSearch(params: URLSearchParams): Tab {
  if (params.get("video") === "true") return "video";
  if (params.get("note") === "true" || params.get("voice") === "true") return "note";
  return "narration";
}

const TABS: { value: Tab; label: string; icon: typeof Mic; search: string }[] = [
  { value: "narration", label: "Narration", icon: Mic, search: "" },
  { value: "video", label: "Video", icon: Video, search: "?video=true" },
  { value: "note", label: "Quick Note", icon: NotebookPen, search: "?note=true" },
];

export function RecordScreen({
  ownerId,
  renderIdeas,
  renderVideo,
}: {
  /** The signed-in dad (null while unknown): what he saves offline waits on the device for him. */
  ownerId: string | null;
  renderIdeas: (pick: (prompt: string) => void) => ReactNode;
  /** The Video tab (its own feature): camera or file, resumable upload, thumbnail. */
  renderVideo: () => ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromSearch(searchParams);
  const state = (location.state ?? {}) as { prompt?: string; prefill?: RecordPrefill };
  const prefill: RecordPrefill = { ...state.prefill, ...(state.prompt ? { title: state.prompt } : {}) };
  const [pendingDraft, setPendingDraft] = useState<VoiceDraft | null>(null);
  const [restored, setRestored] = useState<VoiceDraft | null>(null);

  const [nothingRecorded, setNothingRecorded] = useState(false);

  useEffect(() => {
    voiceDraftStore
      .read()
      .then(async (draft) => {
        if (!draft) return;
        if (await recordingHasMedia(new Blob(draft.chunks, { type: draft.mimeType }))) return setPendingDraft(draft);
        // A recording cut before any of its sound was kept (its container's header at most): nothing to offer back.
        // What Dad had typed beside it comes back to its form.
        await voiceDraftStore.clear();
        setNothingRecorded(true);
        if (draft.fields?.title.trim() || draft.fields?.notes.trim()) takeBack({ ...draft, chunks: [] });
      })
      .catch(() => {});
    // Once, when Record opens: what the device kept from before.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Puts a kept draft back in its form, on the tab it was recorded on. */
  function takeBack(draft: VoiceDraft) {
    setRestored(draft);
    if (draft.kind !== tab) void navigate(`/record${TABS.find((t) => t.value === draft.kind)?.search ?? ""}`, { replace: true });
  }

  const formKind = restored?.kind ?? (tab === "video" ? null : tab);

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="What to record" className={SEGMENTED_BAR}>
        {TABS.map(({ value, label, icon: Icon, search }) => (
          <Link
            key={value}
            to={`/record${search}`}
            aria-current={tab === value ? "page" : undefined}
            onClick={() => setRestored(null)}
            className={segmentedTabClass(tab === value)}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            {label}
          </Link>
        ))}
      </nav>

      {nothingRecorded && tab !== "video" ? <Alert tone="info">{NOTHING_RECORDED_COPY}</Alert> : null}

      {formKind ? (
        <NarrationForm key={`${formKind}-${restored?.updatedAt ?? "new"}`} kind={formKind} ownerId={ownerId} prefill={prefill} restoredDraft={restored} renderIdeas={renderIdeas} />
      ) : (
        renderVideo()
      )}

      <Dialog
        open={pendingDraft !== null}
        onOpenChange={(open) => !open && setPendingDraft(null)}
        title="Pick up where you left off?"
        description="We kept a recording you hadn't saved yet. Restore it to finish saving, or discard it."
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                void voiceDraftStore.clear();
                setPendingDraft(null);
              }}
            >
              Discard
            </Button>
            <Button
              onClick={() => {
                if (pendingDraft) takeBack(pendingDraft);
                setPendingDraft(null);
              }}
            >
              Restore recording
            </Button>
          </>
        }
      />
    </div>
  );
}

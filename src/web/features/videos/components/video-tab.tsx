import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { VIDEO_COPY } from "../../../../shared/videos";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { terminateTusUpload, uploadWithTus } from "../../../lib/tus-upload";
import { ACTIVE_UPLOAD_KEY, videoStore } from "../../../lib/video-store";
import { useCreateVideo } from "../api/create-video";
import { AssignVideoForm, type VideoFields } from "./assign-video-form";
import { ThumbnailChooser } from "./thumbnail-chooser";
import { UploadOverlay } from "./upload-overlay";
import { VideoCapture } from "./video-capture";

/** What Pocket Dad hands over to prefill the form ('Record a message for later'). */
export type VideoBridge = { title?: string; unlockType?: VideoFields["unlockType"]; unlockValue?: string | number | null; childId?: string; tone?: string };

export function bridgeToFields(bridge: VideoBridge): Partial<VideoFields> {
  const fields: Partial<VideoFields> = { title: bridge.title ?? "", unlockType: bridge.unlockType ?? "now", childIds: bridge.childId ? [bridge.childId] : [] };
  if (bridge.unlockType === "age") fields.unlockAge = Number(bridge.unlockValue) || null;
  if (bridge.unlockType === "date") fields.unlockDate = bridge.unlockValue ? String(bridge.unlockValue) : null;
  if (bridge.unlockType === "milestone") fields.unlockMilestone = bridge.unlockValue ? String(bridge.unlockValue) : null;
  return fields;
}

/** failed: the overlay shows 'Processing failed'; error: then the 'Retry Upload' modal with the message. */
type Upload = { status: "idle" } | { status: "uploading"; percent: number } | { status: "failed" | "error"; message: string };

/**
 * The Video tab of /record: step 1 capture, step 2 assign, resumable upload with the overlay,
 * then the thumbnail chooser. A draft or unfinished upload found on load opens 'Retry Upload'.
 */
export function VideoTab({ userId, bridge, renderIdeas }: { userId: string; bridge?: VideoBridge; renderIdeas: (pick: (prompt: string) => void) => ReactNode }) {
  const navigate = useNavigate();
  const createVideo = useCreateVideo();
  const [step, setStep] = useState<1 | 2>(1);
  const [video, setVideo] = useState<Blob | null>(null);
  const [fields, setFields] = useState<Partial<VideoFields>>(() => (bridge ? bridgeToFields(bridge) : {}));
  /** What Dad means to talk about: the idea he picked, or Pocket Dad's title. */
  const [prompt, setPrompt] = useState<string | null>(bridge?.title ?? null);
  const [upload, setUpload] = useState<Upload>({ status: "idle" });
  const [retryOffered, setRetryOffered] = useState(false);
  const [saved, setSaved] = useState<{ id: string; video: Blob } | null>(null);

  useEffect(() => {
    void videoStore.hasUnsavedVideo().then(setRetryOffered);
  }, []);

  async function save(values: VideoFields, blob: Blob) {
    setUpload({ status: "uploading", percent: 0 });
    try {
      await videoStore.update({ fields: values as unknown as Record<string, unknown> });
      const objectName = localStorage.getItem(ACTIVE_UPLOAD_KEY) ?? `${userId}/${Date.now()}.mp4`;
      localStorage.setItem(ACTIVE_UPLOAD_KEY, objectName);
      const uploadId = await uploadWithTus({
        blob,
        objectName,
        onProgress: (percent) => setUpload({ status: "uploading", percent }),
        onUrl: (url) => void videoStore.update({ uploadUrl: url }),
      });
      const created = await createVideo.mutateAsync({ ...values, uploadId });
      await videoStore.clear();
      setUpload({ status: "idle" });
      setSaved({ id: created.id, video: blob });
    } catch (error) {
      setUpload({ status: "failed", message: error instanceof Error ? error.message : VIDEO_COPY.unexpected });
    }
  }

  /** Uploads a draft Dad already saved; a recording left before Save comes back to step 2 instead. */
  async function retry() {
    setRetryOffered(false);
    const draft = await videoStore.draft();
    const blob = await videoStore.blob();
    if (!draft || !blob) return;
    setVideo(blob);
    if (!draft.fields) return setStep(2);
    setFields(draft.fields as Partial<VideoFields>);
    await save(draft.fields as VideoFields, blob);
  }

  async function cancelDraft() {
    setRetryOffered(false);
    const draft = await videoStore.draft();
    await terminateTusUpload({ url: draft?.uploadUrl ?? null, objectName: localStorage.getItem(ACTIVE_UPLOAD_KEY) });
    await videoStore.clear();
  }

  function finish() {
    setSaved(null);
    if (bridge) {
      toast.success(VIDEO_COPY.bridgeSaved);
      setTimeout(() => navigate("/dashboard"), 1600);
    } else {
      toast.success("Saved. We're getting your video ready.");
      navigate("/dashboard");
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {step === 1 ? (
        <VideoCapture initial={video} prompt={prompt} onNext={(blob) => { setVideo(blob); setStep(2); }}
          ideas={renderIdeas((picked) => { setPrompt(picked); setFields((current) => ({ ...current, title: picked })); })} />
      ) : (
        <AssignVideoForm initial={fields} onBack={() => setStep(1)} onSave={(values) => { setFields(values); if (video) void save(values, video); }} />
      )}
      {upload.status === "uploading" || upload.status === "failed" ? (
        <UploadOverlay percent={upload.status === "uploading" ? upload.percent : 0} failed={upload.status === "failed"}
          onClose={() => upload.status === "failed" && setUpload({ status: "error", message: upload.message })} />
      ) : null}
      <Dialog open={retryOffered || upload.status === "error"} onOpenChange={(open) => { if (!open) { setRetryOffered(false); setUpload({ status: "idle" }); } }} title="Retry Upload"
        description={upload.status === "error" ? upload.message : "An unsaved video upload was found. Would you like to continue processing it?"}
        footer={
          <>
            <Button variant="secondary" onClick={() => { setUpload({ status: "idle" }); void cancelDraft(); }}>Cancel</Button>
            <Button onClick={() => { setUpload({ status: "idle" }); void retry(); }}>Retry</Button>
          </>
        } />
      {saved ? <ThumbnailChooser videoId={saved.id} video={saved.video} onDone={finish} /> : null}
    </div>
  );
}

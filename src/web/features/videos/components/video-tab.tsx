import { type ReactNode, useEffect, useState } from "react";
import { type Location, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../components/ui/toast";
import { NOTHING_RECORDED_COPY, OFFLINE_COPY, UNSAVED_RECORDING_COPY } from "../../../../shared/copy";
import { VIDEO_COPY } from "../../../../shared/videos";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useLeaveGuard } from "../../../components/ui/use-leave-guard";
import { newIdempotencyKey } from "../../../lib/idempotency-key";
import { outbox } from "../../../lib/outbox";
import { terminateTusUpload, uploadWithTus } from "../../../lib/tus-upload";
import { ACTIVE_UPLOAD_KEY, videoStore } from "../../../lib/video-store";
import { useCreateVideo } from "../api/create-video";
import { useChildOptions } from "../api/list-child-options";
import { AssignVideoForm, type VideoFields } from "./assign-video-form";
import { ThumbnailChooser } from "./thumbnail-chooser";
import { UploadOverlay } from "./upload-overlay";
import { useLiveRecording } from "./use-live-recording";
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

/** Step 2 is its own history entry (`step=2`), so the phone's Back returns to step 1 instead of leaving /record. */
const STEP_PARAM = "step";
/** Moving between the two steps keeps the video on screen: only leaving the Video tab asks first. */
const staysOnVideoTab = (_current: Location, next: Location) => next.pathname === "/record" && new URLSearchParams(next.search).get("video") === "true";

/** The video kept on the device goes, and the upload it had begun on the server with it. */
async function discardDraft() {
  const draft = await videoStore.draft();
  await terminateTusUpload({ url: draft?.uploadUrl ?? null, objectName: localStorage.getItem(ACTIVE_UPLOAD_KEY) });
  await videoStore.clear();
}

/** failed: the overlay shows 'Processing failed'; error: then the 'Retry Upload' modal with the message. */
type Upload = { status: "idle" } | { status: "uploading"; percent: number } | { status: "failed" | "error"; message: string };

/**
 * The Video tab of /record: step 1 capture, step 2 assign, resumable upload with the overlay,
 * then the thumbnail chooser. A draft or unfinished upload found on load opens 'Retry Upload'.
 */
export function VideoTab({ userId, bridge, renderIdeas }: { userId: string; bridge?: VideoBridge; renderIdeas: (pick: (prompt: string) => void) => ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const createVideo = useCreateVideo();
  // Step 2's children, asked for now: the app opened with no network later still knows them (lib/last-known-state.ts).
  useChildOptions();
  const liveRecording = useLiveRecording(userId);
  const [video, setVideo] = useState<Blob | null>(null);
  // Step 2 needs the video in hand: a reload on step 2 starts at step 1 (the draft comes back through 'Retry Upload').
  const step: 1 | 2 = searchParams.get(STEP_PARAM) === "2" && video ? 2 : 1;
  const [fields, setFields] = useState<Partial<VideoFields>>(() => (bridge ? bridgeToFields(bridge) : {}));
  /** What Dad means to talk about: the idea he picked, or Pocket Dad's title. */
  const [prompt, setPrompt] = useState<string | null>(bridge?.title ?? null);
  const [upload, setUpload] = useState<Upload>({ status: "idle" });
  const [retryOffered, setRetryOffered] = useState(false);
  const [nothingRecorded, setNothingRecorded] = useState(false);
  const [saved, setSaved] = useState<{ id: string; video: Blob } | null>(null);
  const leaveGuard = useLeaveGuard({ when: video !== null, copy: UNSAVED_RECORDING_COPY, stays: staysOnVideoTab });

  function setStep(next: 1 | 2) {
    const params = new URLSearchParams(searchParams);
    if (next === 2) {
      params.set(STEP_PARAM, "2");
      void navigate({ search: `?${params.toString()}` }, { state: { ...(location.state as object | null), videoStep2: true } });
    } else if ((location.state as { videoStep2?: boolean } | null)?.videoStep2) {
      // Step 2 was pushed from step 1: going back pops it, as the phone's Back would.
      void navigate(-1);
    } else {
      params.delete(STEP_PARAM);
      void navigate({ search: `?${params.toString()}` }, { replace: true });
    }
  }

  useEffect(() => {
    void videoStore.unsaved().then((kept) => {
      if (kept === "video") setRetryOffered(true);
      // Cut before anything was kept: there is nothing to offer back, so its draft and upload go, and the page says so.
      if (kept === "nothing-recorded") {
        setNothingRecorded(true);
        void discardDraft();
      }
    });
  }, []);

  /** The recording's upload made while recording, down to its tail; null when there is none or it failed (the whole video then uploads as before). */
  async function finishLiveUpload() {
    const live = liveRecording.current();
    if (!live) return null;
    const uploadId = await live.done((percent) => setUpload({ status: "uploading", percent })).catch(() => null);
    if (!uploadId) liveRecording.discard();
    return uploadId;
  }

  /**
   * Saved with no network: the video and its details wait in the outbox (lib/outbox.ts), which sends
   * them when the phone is online again, going on with the upload begun while recording if there was one.
   */
  async function keepOnDevice(values: VideoFields, blob: Blob) {
    const draft = await videoStore.draft();
    const live = Boolean(draft?.uploadIsLive && draft.uploadUrl);
    await outbox.add({ kind: "video", ownerId: userId, idempotencyKey: newIdempotencyKey(), fields: values, video: blob, uploadUrl: live ? (draft?.uploadUrl ?? null) : null, uploadIsLive: live });
    liveRecording.handOver();
    await videoStore.clear();
    leaveGuard.release();
    toast.success(OFFLINE_COPY.savedOnDevice);
    void navigate("/dashboard");
  }

  async function save(values: VideoFields, blob: Blob) {
    // Without a network the upload cannot start: the spec's failure display is for a connection lost on the way.
    if (!navigator.onLine) return keepOnDevice(values, blob).catch(() => setUpload({ status: "error", message: VIDEO_COPY.checkConnection }));
    setUpload({ status: "uploading", percent: 0 });
    try {
      await videoStore.update({ fields: values as unknown as Record<string, unknown> });
      let uploadId = await finishLiveUpload();
      if (!uploadId) {
        const objectName = localStorage.getItem(ACTIVE_UPLOAD_KEY) ?? `${userId}/${Date.now()}.mp4`;
        localStorage.setItem(ACTIVE_UPLOAD_KEY, objectName);
        uploadId = await uploadWithTus({
          blob,
          objectName,
          onProgress: (percent) => setUpload({ status: "uploading", percent }),
          onUrl: (url) => void videoStore.update({ uploadUrl: url, uploadIsLive: false }),
        });
      }
      const created = await createVideo.mutateAsync({ ...values, uploadId });
      liveRecording.forget();
      await videoStore.clear();
      leaveGuard.release();
      setUpload({ status: "idle" });
      setSaved({ id: created.id, video: blob });
    } catch (error) {
      // The draft keeps the video: 'Retry Upload' goes on with it.
      setUpload({ status: "failed", message: error instanceof Error ? error.message : VIDEO_COPY.unexpected });
    }
  }

  /** Uploads a draft Dad already saved; a recording left before Save comes back to step 2 instead. */
  async function retry() {
    setRetryOffered(false);
    const draft = await videoStore.draft();
    const blob = await videoStore.blob();
    if (!draft || !blob) return;
    if (draft.uploadIsLive && draft.uploadUrl) liveRecording.resume(draft.uploadUrl, blob);
    setVideo(blob);
    if (!draft.fields) return setStep(2);
    setFields(draft.fields as Partial<VideoFields>);
    await save(draft.fields as VideoFields, blob);
  }

  async function cancelDraft() {
    setRetryOffered(false);
    await discardDraft();
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
      {leaveGuard.dialog}
      {nothingRecorded && step === 1 ? <Alert tone="info">{NOTHING_RECORDED_COPY}</Alert> : null}
      {step === 1 ? (
        <VideoCapture initial={video} prompt={prompt} upload={liveRecording} onNext={(blob) => { setVideo(blob); setStep(2); }}
          ideas={renderIdeas((picked) => { setPrompt(picked); setFields((current) => ({ ...current, title: picked })); })} />
      ) : (
        <AssignVideoForm initial={fields} onBack={(values) => { setFields(values); setStep(1); }} onSave={(values) => { setFields(values); if (video) void save(values, video); }} />
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

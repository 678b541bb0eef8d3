import { Camera, RotateCcw, Square, Upload } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { formatClock, MAX_VIDEO_SECONDS, VIDEO_COPY, videoFileProblem } from "../../../../shared/videos";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useObjectUrl } from "../../../lib/use-object-url";
import { videoStore } from "../../../lib/video-store";
import { looksLikeVideo, readFileDuration } from "./thumbnails";
import { RECORDING_TIMESLICE_MS, useRecordingGuard } from "../../../lib/use-recording-guard";
import type { RecordingUploadHooks } from "./use-live-recording";

type CameraState = "off" | "preview" | "recording" | "ready";

const CONSTRAINTS: MediaStreamConstraints = {
  video: { width: { min: 640, ideal: 1280, max: 1920 }, height: { min: 480, ideal: 720, max: 1080 }, frameRate: { min: 15, ideal: 30, max: 30 } },
  audio: true,
};

/**
 * WebM first: Chromium also records MP4 now, but then hands over its data only when recording
 * stops, so nothing would reach IndexedDB while Dad records. Safari records MP4 only.
 */
function recorderType() {
  return ["video/webm;codecs=vp8,opus", "video/webm", "video/mp4"].find((type) => MediaRecorder.isTypeSupported(type)) ?? "";
}

/**
 * Step 1: record with the camera (auto-stop at 2:00) or choose a file; every chunk goes to IndexedDB.
 * `initial` is the video already chosen, when Dad comes back from step 2; `prompt` the idea he picked.
 * A camera recording is also handed to `upload` chunk by chunk, each once IndexedDB has it, so it
 * uploads while Dad records.
 */
export function VideoCapture({ initial, prompt, ideas, upload, onNext }: { initial: Blob | null; prompt: string | null; ideas: ReactNode; upload: RecordingUploadHooks; onNext: (video: Blob) => void }) {
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [state, setState] = useState<CameraState>(initial ? "ready" : "off");
  useRecordingGuard(recorder, state === "recording");
  const [seconds, setSeconds] = useState(0);
  const [video, setVideo] = useState<Blob | null>(initial);
  // A chosen file is not retaken ('Upload a video' replaces it): 'Retake' is for what the camera recorded.
  const [fromFile, setFromFile] = useState(() => initial instanceof File);
  const videoUrl = useObjectUrl(video);
  const [error, setError] = useState<string | null>(null);
  /** The checks of a picked file while they run (reading a long recording's length takes seconds): Next waits for them. */
  const checking = useRef<Promise<Blob | null> | null>(null);
  const picks = useRef(0);
  const [isChecking, setIsChecking] = useState(false);

  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);
  useEffect(() => {
    if (state !== "recording") return;
    const started = Date.now();
    const timer = setInterval(() => {
      const elapsed = Math.floor((Date.now() - started) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_VIDEO_SECONDS) recorder.current?.stop();
    }, 250);
    return () => clearInterval(timer);
  }, [state]);

  function choose(blob: Blob, source: "camera" | "file") {
    setVideo(blob);
    setFromFile(source === "file");
    setError(null);
  }

  async function openCamera() {
    setError(null);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      setState("preview");
    } catch {
      setError(VIDEO_COPY.cameraFailed);
    }
  }

  async function startRecording() {
    if (!stream.current) return setError(VIDEO_COPY.cameraNotReady);
    try {
      const type = recorderType();
      const media = new MediaRecorder(stream.current, type ? { mimeType: type } : undefined);
      const chunks: Blob[] = [];
      await videoStore.start({ mimeType: media.mimeType || "video/webm" });
      upload.start(media.mimeType || "video/webm");
      // Each chunk goes to the upload once it is in IndexedDB, in order; Stop follows the last one.
      let saved = Promise.resolve();
      media.ondataavailable = (event) => {
        const chunk = event.data;
        if (chunk.size === 0) return;
        chunks.push(chunk);
        saved = saved.then(() => videoStore.appendChunk(chunk)).catch(() => {}).then(() => upload.push(chunk));
      };
      media.onstop = () => {
        void saved.then(() => upload.stop());
        choose(new Blob(chunks, { type: media.mimeType || "video/webm" }), "camera");
        setState("ready");
      };
      recorder.current = media;
      media.start(RECORDING_TIMESLICE_MS);
      setSeconds(0);
      setState("recording");
    } catch {
      setError(VIDEO_COPY.recordingFailed);
    }
  }

  function retake() {
    upload.discard();
    setVideo(null);
    void videoStore.clear();
    setState(stream.current ? "preview" : "off");
  }

  /**
   * The preview shows the camera as soon as its element is on the page. Attaching it a frame after
   * setState raced React's render on a busy device: the element could come later and stay black.
   */
  function attachPreview(element: HTMLVideoElement | null) {
    if (element && stream.current && element.srcObject !== stream.current) element.srcObject = stream.current;
  }

  /** Shows why a picked file is not taken. */
  function refuse(problem: string) {
    setError(problem);
    return null;
  }

  /**
   * The file once it passes the step-1 checks; null when it is refused, with the reason on screen.
   * A check overtaken by a later pick changes nothing.
   */
  async function checkFile(file: File, pick: number) {
    const typeProblem = videoFileProblem(file, null);
    if (typeProblem) return refuse(typeProblem);
    // A file whose length the browser cannot read (a codec it does not play) goes on: the server measures it.
    const duration = await readFileDuration(file);
    const problem = videoFileProblem(file, duration) ?? (duration === null && !(await looksLikeVideo(file)) ? VIDEO_COPY.invalidVideo : null);
    if (pick !== picks.current) return null;
    if (problem) return refuse(problem);
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    upload.discard();
    // The draft lets 'Retry Upload' offer the video after a reload; without IndexedDB the video is still used now.
    await videoStore.start({ mimeType: file.type, fileName: file.name }).then(() => videoStore.appendChunk(file)).catch(() => {});
    choose(file, "file");
    setState("ready");
    return file;
  }

  function pickFile(file: File | undefined) {
    if (!file) return;
    setError(null);
    picks.current += 1;
    const check: Promise<Blob | null> = checkFile(file, picks.current)
      .catch(() => refuse(VIDEO_COPY.invalidVideo))
      .finally(() => {
        if (checking.current !== check) return;
        checking.current = null;
        setIsChecking(false);
      });
    checking.current = check;
    setIsChecking(true);
  }

  async function next() {
    if (checking.current) {
      const checked = await checking.current;
      // A refused file keeps its own message on screen.
      if (checked) onNext(checked);
    } else if (video) onNext(video);
    else if (!error) setError(VIDEO_COPY.recordFirst);
  }

  return (
    <section aria-labelledby="video-step-1" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="video-step-1" className="text-xl font-semibold">Step 1: Record or upload</h2>
        {ideas}
      </div>
      {prompt ? <p className="rounded-lg bg-paper-warm px-4 py-3 font-medium">{prompt}</p> : null}
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-ink">
        {state === "ready" && videoUrl ? (
          <video src={videoUrl} controls playsInline className="size-full object-contain" aria-label="Your video" />
        ) : state === "preview" || state === "recording" ? (
          <video ref={attachPreview} autoPlay muted playsInline className="size-full object-cover" aria-label="Camera preview" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center text-white/90">
            <Camera className="size-10" aria-hidden="true" />
            <p>Record up to 2 minutes, or upload a video you already have.</p>
          </div>
        )}
        {state === "recording" ? (
          <p role="timer" className="absolute top-3 left-3 rounded-full bg-danger px-3 py-1 text-sm font-semibold text-white tabular-nums">
            ● {formatClock(seconds)} / {formatClock(MAX_VIDEO_SECONDS)}
          </p>
        ) : null}
      </div>
      {isChecking ? <p role="status" className="text-olive-dark">{VIDEO_COPY.checkingFile}</p> : null}
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        {state === "off" ? <Button onClick={openCamera}><Camera className="size-4" aria-hidden="true" />Use camera</Button> : null}
        {state === "preview" ? <Button onClick={startRecording}>Start recording</Button> : null}
        {state === "recording" ? <Button variant="danger" onClick={() => recorder.current?.stop()}><Square className="size-4" aria-hidden="true" />Stop</Button> : null}
        {state === "ready" && !fromFile ? <Button variant="secondary" onClick={retake}><RotateCcw className="size-4" aria-hidden="true" />Retake</Button> : null}
        {state !== "recording" ? (
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-sand bg-white px-4 py-2 font-semibold hover:border-olive focus-within:outline-3 focus-within:outline-accent-dark">
            <Upload className="size-4" aria-hidden="true" />
            Upload a video
            <input type="file" accept="video/*" className="sr-only"
              onChange={(event) => { pickFile(event.target.files?.[0]); event.target.value = ""; }} />
          </label>
        ) : null}
      </div>
      <Button size="lg" onClick={() => void next()} disabled={state === "recording"}>
        Next: Assign Video
      </Button>
    </section>
  );
}

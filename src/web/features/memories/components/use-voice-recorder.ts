import { useCallback, useEffect, useRef, useState } from "react";
import { MAX_RECORDING_SECONDS } from "../../../../shared/memories";
import { RECORDING_TIMESLICE_MS, useRecordingGuard } from "../../../lib/use-recording-guard";
import { voiceDraftStore, type VoiceDraft } from "./voice-draft-store";

export type RecorderState = "idle" | "recording" | "recorded";
export type Recording = { blob: Blob; url: string; durationSeconds: number };

/** mp4 first (plays everywhere), then webm (spec 9). */
function preferredMimeType() {
  const candidates = ["audio/mp4", "audio/webm;codecs=opus", "audio/webm"];
  return candidates.find((type) => typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported(type)) ?? "";
}

/**
 * Voice recording: idle → recording → recorded, auto-stop at 2:00, Retake. Chunks go to IndexedDB
 * every second while recording so nothing is lost if the tab closes (see RECORDING_TIMESLICE_MS).
 */
export function useVoiceRecorder(kind: VoiceDraft["kind"]) {
  const [state, setState] = useState<RecorderState>("idle");
  const [elapsed, setElapsed] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const startedAtRef = useRef(0);
  const timerRef = useRef<number | null>(null);
  useRecordingGuard(recorderRef, state === "recording");

  const stopTimer = () => {
    if (timerRef.current !== null) window.clearInterval(timerRef.current);
    timerRef.current = null;
  };

  const takeBlob = useCallback((blob: Blob, durationSeconds: number) => {
    setRecording((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return { blob, url: URL.createObjectURL(blob), durationSeconds };
    });
    setElapsed(durationSeconds);
    setState("recorded");
  }, []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop();
    stopTimer();
  }, []);

  const start = useCallback(async () => {
    setError(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError("We couldn't use your microphone. Check that this site may use it, then try again.");
      return;
    }
    await voiceDraftStore.clear();
    const mimeType = preferredMimeType();
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    const secondsSoFar = () => Math.min(MAX_RECORDING_SECONDS, Math.round((Date.now() - startedAtRef.current) / 1000));
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      chunks.push(event.data);
      void voiceDraftStore.append({ kind, mimeType: recorder.mimeType, chunk: event.data, durationSeconds: secondsSoFar() });
    };
    recorder.onstop = () => {
      stream.getTracks().forEach((track) => track.stop());
      takeBlob(new Blob(chunks, { type: recorder.mimeType }), secondsSoFar());
    };
    recorderRef.current = recorder;
    startedAtRef.current = Date.now();
    recorder.start(RECORDING_TIMESLICE_MS);
    setElapsed(0);
    setState("recording");
    timerRef.current = window.setInterval(() => {
      const seconds = (Date.now() - startedAtRef.current) / 1000;
      setElapsed(Math.min(MAX_RECORDING_SECONDS, Math.floor(seconds)));
      if (seconds >= MAX_RECORDING_SECONDS) stop();
    }, 250);
  }, [kind, stop, takeBlob]);

  const retake = useCallback(async () => {
    setRecording((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return null;
    });
    setElapsed(0);
    setState("idle");
    await voiceDraftStore.clear();
  }, []);

  /** Puts a restored draft's audio back as the current recording. */
  const restore = useCallback((draft: VoiceDraft) => takeBlob(new Blob(draft.chunks, { type: draft.mimeType }), draft.durationSeconds), [takeBlob]);

  useEffect(
    () => () => {
      stopTimer();
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== "inactive") {
        recorder.onstop = null;
        recorder.stop();
        recorder.stream.getTracks().forEach((track) => track.stop());
      }
    },
    [],
  );

  return { state, elapsed, recording, error, start, stop, retake, restore };
}

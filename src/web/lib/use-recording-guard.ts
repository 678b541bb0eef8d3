import { type RefObject, useEffect } from "react";

/**
 * How often a recorder hands over what it has recorded, each chunk kept on the device at once: a cut the page never
 * hears of (a closed tab, a crash, a reload) loses only what came after the last chunk kept. Measured in Chromium: a
 * WebM chunk holds the second before it; an MP4 one (a voice note) the second before that, as each fragment waits for
 * the next to begin, so a voice note's first sound is kept at about 2 s and a cut loses at most about 2 s.
 */
export const RECORDING_TIMESLICE_MS = 1000;

/**
 * While a recording runs: the screen is kept awake where the browser can (Screen Wake Lock; taken
 * again when the page comes back, since the browser drops it when the page is hidden), and the
 * moment the page is hidden (screen locked, another app) the recorder hands over what it has, so
 * the chunk store on the device holds everything up to then even if the page never comes back.
 */
export function useRecordingGuard(recorder: RefObject<MediaRecorder | null>, recording: boolean) {
  useEffect(() => {
    if (!recording) return;
    let lock: WakeLockSentinel | null = null;
    let released = false;
    const keepAwake = () => {
      if (document.visibilityState !== "visible" || !navigator.wakeLock) return;
      navigator.wakeLock.request("screen").then(
        (sentinel) => {
          if (released) void sentinel.release();
          else lock = sentinel;
        },
        () => {},
      );
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden" && recorder.current?.state === "recording") recorder.current.requestData();
      else keepAwake();
    };
    keepAwake();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      released = true;
      document.removeEventListener("visibilitychange", onVisibility);
      void lock?.release().catch(() => {});
    };
  }, [recorder, recording]);
}

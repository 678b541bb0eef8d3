import { useMemo, useRef } from "react";
import { type LiveUpload, resumeLiveUpload, startLiveUpload } from "../../../lib/live-upload";
import { videoUploadMetadata } from "../../../lib/tus-upload";
import { videoStore } from "../../../lib/video-store";

/** What the camera step tells the upload: a recording starts, hands over a chunk (already in IndexedDB), stops, or is thrown away. */
export type RecordingUploadHooks = {
  start(mimeType: string): void;
  push(chunk: Blob): void;
  stop(): void;
  discard(): void;
};

/**
 * The upload of the camera recording on screen, made while it is recorded (see live-upload.ts).
 * 'Retake' and choosing a file instead terminate it; Save waits only for its tail (`current()`).
 * A recording started with no network has none: its bytes wait on the device and the outbox sends them.
 */
export function useLiveRecording(userId: string) {
  const live = useRef<LiveUpload | null>(null);
  return useMemo(() => {
    const discard = () => {
      const upload = live.current;
      live.current = null;
      if (upload) void upload.terminate();
    };
    return {
      start(mimeType: string) {
        discard();
        if (!navigator.onLine) return;
        live.current = startLiveUpload({
          metadata: videoUploadMetadata({ objectName: `${userId}/${Date.now()}.mp4`, type: mimeType }),
          onUrl: (url) => void videoStore.update({ uploadUrl: url, uploadIsLive: true }),
        });
      },
      push: (chunk: Blob) => live.current?.push(chunk),
      stop: () => live.current?.finish(),
      discard,
      /** After a reload: the draft's recording goes on to the upload it had started. */
      resume(url: string, recording: Blob) {
        live.current = resumeLiveUpload({ url, recording });
      },
      current: () => live.current,
      /** Saved: the upload now belongs to the video. */
      forget() {
        live.current = null;
      },
      /** Saved on the device with no network: the outbox goes on with the upload, this page stops sending. */
      handOver() {
        live.current?.handOver();
        live.current = null;
      },
    } satisfies RecordingUploadHooks & Record<string, unknown>;
  }, [userId]);
}

import { Upload } from "tus-js-client";
import { UPLOAD_CHUNK_BYTES, UPLOAD_RETRY_DELAYS_MS, VIDEO_COPY } from "../../shared/videos";
import { ApiError } from "./api-client";

/** tus-js-client keeps each unfinished upload's URL in localStorage under `tus::<fingerprint>::<n>`. */
const fingerprintOf = (objectName: string) => `heydad-video:${objectName}`;

export type TusProgress = (percent: number) => void;

/** The metadata every video upload carries (tus `Upload-Metadata`: `key base64(value)`, comma separated). */
export const videoUploadMetadata = (input: { objectName: string; type: string }) => ({
  bucketName: "videos",
  objectName: input.objectName,
  contentType: "video/mp4",
  cacheControl: "3600",
  filetype: input.type,
});

export function tusMetadata(metadata: Record<string, string>) {
  const base64 = (value: string) => btoa(String.fromCharCode(...new TextEncoder().encode(value)));
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${base64(value)}`)
    .join(",");
}

/** The server's message from its { error: { code, message } } answer (or a plain body). */
export function tusMessageOf(body: string | undefined) {
  try {
    const message = (JSON.parse(body ?? "") as { error?: { message?: unknown } }).error?.message;
    return typeof message === "string" ? message.trim() : "";
  } catch {
    return body?.trim() ?? "";
  }
}

/** Retry on network errors and on statuses outside 4xx, plus 409 and 423, while online (spec 001 §8). */
function shouldRetry(error: Error & { originalResponse?: { getStatus: () => number } | null }) {
  const status = error.originalResponse?.getStatus() ?? 0;
  const retryable = status === 0 || status < 400 || status > 499 || status === 409 || status === 423;
  return retryable && navigator.onLine;
}

/**
 * Uploads a blob to /api/uploads with tus (6 MiB chunks, retries after 0, 3, 5, 10, 20 s). The
 * upload URL is kept under `objectName`, so after a reload or a server restart the same call resumes
 * from the last byte the server acknowledged. Resolves with the upload id; rejects with an ApiError
 * whose status is the server's refusal (413 over the quota…), or 0 when the network failed.
 */
export function uploadWithTus(input: { blob: Blob; objectName: string; onProgress: TusProgress; onUrl: (url: string) => void }) {
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(input.blob, {
      endpoint: "/api/uploads",
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      metadata: videoUploadMetadata({ objectName: input.objectName, type: input.blob.type }),
      fingerprint: async () => fingerprintOf(input.objectName),
      removeFingerprintOnSuccess: true,
      onShouldRetry: (error) => shouldRetry(error as Error & { originalResponse?: { getStatus: () => number } | null }),
      onProgress: (sent, total) => input.onProgress(total > 0 ? Math.round((sent / total) * 100) : 0),
      onUploadUrlAvailable: () => {
        if (upload.url) input.onUrl(upload.url);
      },
      /** The server's message (quota, size) from its { error: { code, message } } answer, or the spec's line when the network failed. */
      onError: (error) => {
        const response = (error as Error & { originalResponse?: { getStatus: () => number; getBody: () => string } | null }).originalResponse;
        const status = response?.getStatus() ?? 0;
        const message = tusMessageOf(response?.getBody()) || VIDEO_COPY.checkConnection;
        reject(new ApiError({ code: status === 0 ? "NETWORK_ERROR" : "UPLOAD_REFUSED", status, message }));
      },
      onSuccess: () => resolve(upload.url?.split("/").at(-1) ?? ""),
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

/** Ends an upload on the server and forgets it here (Cancel in the 'Retry Upload' modal). */
export async function terminateTusUpload(input: { url: string | null; objectName: string | null }) {
  if (input.url) await Upload.terminate(input.url).catch(() => {});
  if (!input.objectName) return;
  const stored = `tus::${fingerprintOf(input.objectName)}::`;
  for (const key of Object.keys(localStorage)) if (key.startsWith(stored)) localStorage.removeItem(key);
}

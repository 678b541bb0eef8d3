import { apiClient } from "../../../lib/api-client";

export type ServerThumbnail = { timeSeconds: number; dataUrl: string };

/** Frames made by the server's ffmpeg, for files this browser cannot decode (e.g. HEVC). */
export const getThumbnailCandidates = (videoId: string) =>
  apiClient.get<{ candidates: ServerThumbnail[] }>(`/api/videos/${videoId}/thumbnail-candidates`).then((r) => r.candidates);

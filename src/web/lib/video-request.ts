import type { CreateVideoInput, VideoItem } from "../../shared/videos";
import { apiClient } from "./api-client";

/** POST /api/videos: the video made from a finished upload. The same upload twice gives the same video, so a resend creates none. */
export const postVideo = (input: CreateVideoInput) => apiClient.post<VideoItem>("/api/videos", input);

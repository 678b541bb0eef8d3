/**
 * Query keys more than one feature touches. The memories list (every kind, videos included) is
 * read by the memories feature and refreshed after the videos feature saves or changes a video.
 */
export const memoriesQueryKey = ["memories"] as const;

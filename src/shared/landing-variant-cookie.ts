// Kept apart from shared/experiment.ts (which loads zod) so the landing bundle stays small.

/**
 * The visitor's landing variant, mirrored in a cookie so the server can send / prerendered as
 * that variant; the server draws it on a first visit, the browser keeps it (localStorage wins).
 */
export const LANDING_VARIANT_COOKIE = "heydad_ab";

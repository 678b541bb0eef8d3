import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";

/** The weights the family's pages use, from the same @fontsource/inter files the web app is built with. */
const FONT_WEIGHTS = ["400", "600", "700"] as const;
const fontUrl = (weight: string) => `/family/assets/inter-${weight}.woff2`;

/** The @font-face rules of the family's pages: the product's Inter, served by the app itself (no third-party request). */
export const FAMILY_FONT_FACES = FONT_WEIGHTS.map(
  (weight) => `@font-face{font-family:Inter;font-style:normal;font-weight:${weight};font-display:swap;src:url(${fontUrl(weight)}) format("woff2")}`,
).join("\n");
export const FAMILY_BODY_FONT_URL = fontUrl("400");

/**
 * The one script of the child's page: starting a recording pauses any other that is playing, the transcript beside
 * a voice marks the words being said, and a place found by the page's search plays its message from that moment.
 */
export const ONE_AT_A_TIME_SCRIPT = "/family/assets/one-at-a-time.js";
const ONE_AT_A_TIME = `document.addEventListener("play", function (event) {
  document.querySelectorAll("audio, video").forEach(function (media) {
    if (media !== event.target && !media.paused) media.pause();
  });
}, true);
document.addEventListener("timeupdate", function (event) {
  var media = event.target, transcript = media.nextElementSibling;
  if (!transcript || !transcript.classList.contains("transcript")) return;
  transcript.querySelectorAll("p").forEach(function (line) {
    line.classList.toggle("now", media.currentTime >= Number(line.dataset.start) && media.currentTime < Number(line.dataset.end));
  });
}, true);
document.addEventListener("click", function (event) {
  var hit = event.target.closest && event.target.closest("a[data-at]");
  var memory = hit && document.getElementById("memory-" + hit.dataset.memory);
  var media = memory && memory.querySelector("video, audio");
  if (!media) return;
  event.preventDefault();
  media.scrollIntoView({ block: "center" });
  // A recording not loaded yet starts from its link's media fragment (the browser seeks to it once it loads).
  if (media.readyState > 0) media.currentTime = Number(hit.dataset.at);
  else media.src = media.src.split("#")[0] + "#t=" + hit.dataset.at;
  media.focus();
  media.play().catch(function () {});
});
`;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The family's pages' font files and their one small script, at fixed addresses (the pages are written on the server). */
export function registerFamilyAssets() {
  const app = new Hono<AppEnv>();
  const require = createRequire(import.meta.url);
  const fonts = new Map(FONT_WEIGHTS.map((weight) => [fontUrl(weight), readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`))]));
  app.get("/family/assets/:file", (c) => {
    const font = fonts.get(c.req.path);
    if (font) return c.body(new Uint8Array(font), 200, { "Content-Type": "font/woff2", "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable` });
    if (c.req.path === ONE_AT_A_TIME_SCRIPT) return c.body(ONE_AT_A_TIME, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" });
    return c.notFound();
  });
  return app;
}

// Makes the short explainer clip of the /gift page (run by hand when its slides change:
// `node --import tsx scripts/make-gift-explainer.mjs`; needs Chromium and ffmpeg). Each slide is HTML drawn by
// Chromium, the clip is the slides cross-faded by ffmpeg (H.264, no sound), and its first slide is
// the poster. The captions file carries the same words, so the clip also works muted or unseen.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as icons from "lucide-react";
import { GIFT_EXPLAINER } from "../src/web/features/gifts/components/gift-explainer.ts";

const OUT = "src/web/public";
const SLIDE_SECONDS = 4.5;
const FADE_SECONDS = 0.5;
const COLORS = { ink: "#353535", accent: "#e0a955" }; // the app's --color-ink and --color-accent-light

const slides = GIFT_EXPLAINER.slides;

const slideHtml = (slide, index) => `<!doctype html><html><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  body { width: 1280px; height: 720px; display: flex; flex-direction: column; justify-content: center; gap: 28px; padding: 0 120px;
         font-family: "DejaVu Sans", sans-serif; color: #fff; background: radial-gradient(circle at 85% 15%, #4a4a4a, ${COLORS.ink} 60%); }
  .brand { position: absolute; top: 56px; left: 120px; font-weight: 700; font-size: 28px; letter-spacing: 0.02em; color: ${COLORS.accent}; }
  .step { position: absolute; top: 60px; right: 120px; font-size: 22px; color: rgba(255,255,255,0.6); }
  .icon { width: 112px; height: 112px; border-radius: 999px; display: flex; align-items: center; justify-content: center; background: rgba(224,169,85,0.16); color: ${COLORS.accent}; }
  h1 { font-size: 64px; line-height: 1.12; font-weight: 700; max-width: 980px; text-wrap: balance; }
  /* The title slide is the poster: the page puts its play button on the right third. */
  .poster h1 { font-size: 72px; max-width: 700px; }
  .poster p { max-width: 640px; }
  p { font-size: 34px; line-height: 1.35; color: rgba(255,255,255,0.82); max-width: 900px; }
  .bar { position: absolute; left: 0; bottom: 0; height: 10px; width: ${((index + 1) / slides.length) * 100}%; background: ${COLORS.accent}; }
</style></head><body class="${index === 0 ? "poster" : ""}">
  <div class="brand">Hey Dad</div>
  ${index > 0 ? `<div class="step">${index} of ${slides.length - 1}</div>` : ""}
  ${slide.icon ? `<div class="icon">${renderToStaticMarkup(createElement(icons[slide.icon], { size: 60, strokeWidth: 1.75 }))}</div>` : ""}
  <h1>${slide.title}</h1>
  <p>${slide.text}</p>
  <div class="bar"></div>
</body></html>`;

const timestamp = (seconds) => {
  const whole = Math.floor(seconds);
  const ms = Math.round((seconds - whole) * 1000);
  return `00:${String(whole).padStart(2, "0")}.${String(ms).padStart(3, "0")}`;
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), "gift-explainer-"));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const frames = [];
for (const [index, slide] of slides.entries()) {
  await page.setContent(slideHtml(slide, index));
  const file = path.join(work, `slide-${index}.png`);
  await page.screenshot({ path: file });
  frames.push(file);
}
await browser.close();

// Slide i starts at i * (SLIDE - FADE): each cross-fade overlaps the end of one slide and the start of the next.
const step = SLIDE_SECONDS - FADE_SECONDS;
const inputs = frames.flatMap((file) => ["-loop", "1", "-t", String(SLIDE_SECONDS), "-framerate", "25", "-i", file]);
let chain = "";
let last = "[0:v]";
for (let i = 1; i < frames.length; i += 1) {
  const label = i === frames.length - 1 ? "[out]" : `[v${i}]`;
  chain += `${last}[${i}:v]xfade=transition=fade:duration=${FADE_SECONDS}:offset=${(i * step).toFixed(2)}${label};`;
  last = label;
}
const ffmpeg = (args) => execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });
const out = (file) => path.join(OUT, file);
fs.mkdirSync(path.dirname(out(GIFT_EXPLAINER.video)), { recursive: true });
ffmpeg([...inputs, "-filter_complex", chain.slice(0, -1), "-map", "[out]", "-c:v", "libx264", "-preset", "veryslow", "-crf", "30", "-tune", "stillimage",
  "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-an", out(GIFT_EXPLAINER.video)]);
for (const [width, file] of Object.entries(GIFT_EXPLAINER.posters)) {
  ffmpeg(["-i", frames[0], "-vf", `scale=${width}:-1`, "-c:v", "libwebp", "-quality", "80", out(file)]);
}

const cues = slides.map((slide, index) => {
  const start = index * step;
  const end = index === slides.length - 1 ? start + SLIDE_SECONDS : start + step;
  return `${index + 1}\n${timestamp(start)} --> ${timestamp(end)}\n${slide.title}\n${slide.text}`;
});
fs.writeFileSync(out(GIFT_EXPLAINER.captions), `WEBVTT\n\n${cues.join("\n\n")}\n`);
fs.rmSync(work, { recursive: true, force: true });
console.log(`Wrote ${GIFT_EXPLAINER.video} (${(slides.length - 1) * step + SLIDE_SECONDS} s), its posters and captions under ${OUT}.`);

// Renders the installed app's icons (src/web/public/icons) from the favicon's drawing with Chromium:
// 192 and 512 px as drawn (rounded corners), a 512 px maskable one (full bleed, the letters inside the
// safe circle) and the 180 px Apple touch icon (full bleed: iOS rounds it itself). Run it after a
// change to the favicon: `npx tsx scripts/build-app-icons.ts`, and commit the PNGs.
import fs from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/browser";

const favicon = fs.readFileSync("src/web/public/favicon.svg", "utf8");
const drawing = favicon.replace(/^<svg[^>]*>/, "").replace(/<rect[^>]*\/>/, "").replace("</svg>", "");
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#353535"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)">${drawing}</g></svg>`;

const icons = [
  { file: "icon-192.png", svg: favicon, size: 192 },
  { file: "icon-512.png", svg: favicon, size: 512 },
  { file: "icon-maskable-512.png", svg: fullBleed, size: 512 },
  { file: "apple-touch-icon.png", svg: fullBleed, size: 180 },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
const page = await browser.newPage();
fs.mkdirSync("src/web/public/icons", { recursive: true });
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  const sized = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
  await page.locator("svg").screenshot({ path: `src/web/public/icons/${icon.file}`, omitBackground: true });
}
await browser.close();
console.log(`Wrote ${icons.map((icon) => icon.file).join(", ")}`);

import type { Page } from "playwright-core";

/** A real 1×1 PNG, for photo uploads in tests. */
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082",
  "hex",
);

/** A 400×260 PNG drawn by the page (a brown card with a dark block), for the photo crop in browser tests. */
export async function pngFromCanvas(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 400;
    canvas.height = 260;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#c8862a";
    context.fillRect(0, 0, 400, 260);
    context.fillStyle = "#353535";
    context.fillRect(150, 60, 100, 140);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1], "base64");
}

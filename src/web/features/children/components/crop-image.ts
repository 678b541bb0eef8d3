import { CHILD_PHOTO_JPEG_QUALITY } from "../../../../shared/children";

export type PixelArea = { x: number; y: number; width: number; height: number };

/** Largest side of the saved photo: plenty for an avatar, small to upload. */
const MAX_SIDE = 1024;

export function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The image could not be read"));
    image.src = src;
  });
}

/** Draws the cropped square onto a canvas and saves it as a JPEG at quality 0.95. */
export async function cropToJpeg(src: string, area: PixelArea) {
  const image = await loadImage(src);
  const side = Math.min(MAX_SIDE, Math.round(area.width));
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("The photo could not be cropped");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, side, side);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The photo could not be cropped"))), "image/jpeg", CHILD_PHOTO_JPEG_QUALITY),
  );
}

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { clip, drawEllipsePath, endPath, PDFDocument, type PDFFont, type PDFImage, type PDFPage, popGraphicsState, pushGraphicsState, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { childInitial } from "../../../shared/children";
import { formatClaimCode } from "../../../shared/export";
import { PRODUCT_NAME } from "../../../shared/product";
import { wrapToWidth } from "../../../shared/wrap-to-width";

// The product's palette (design.md): ink for every word (a black-and-white printer keeps it all), the accent only for ornament.
const ink = rgb(0x35 / 255, 0x35 / 255, 0x35 / 255);
const olive = rgb(0x5f / 255, 0x5e / 255, 0x55 / 255);
const accent = rgb(0xc8 / 255, 0x86 / 255, 0x2a / 255);
const mist = rgb(0xd2 / 255, 0xd7 / 255, 0xdf / 255);
const sand = rgb(0xbd / 255, 0xbb / 255, 0xb0 / 255);

/** A6 is 105 × 148 mm; on US letter the same card is drawn 6 inches wide, with cut marks at its corners. */
const A6 = { width: 297.64, height: 419.53 };
const LETTER = { width: 612, height: 792 };
const LETTER_CARD_WIDTH = 432;

/** Inter, the product's type, from the self-hosted package the web app uses (its Latin subset: Western European names). */
const fontFile = (name: string) => readFileSync(createRequire(import.meta.url).resolve(`@fontsource/inter/files/${name}.woff`));
const FONT_FILES = { regular: "inter-latin-400-normal", semibold: "inter-latin-600-normal", bold: "inter-latin-700-normal", italic: "inter-latin-400-italic" } as const;
type Fonts = Record<keyof typeof FONT_FILES, PDFFont>;

/** A character the font lacks (an emoji) is left out rather than drawn as a box. */
function printable(font: PDFFont, text: string) {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.normalize("NFC"), (char) => (known.has(char.codePointAt(0) ?? 0) ? char : ""))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

export type CardInput = {
  childName: string;
  line: string;
  claimCode: string;
  claimUrl: string;
  claimHost: string;
  size: "a6" | "letter";
  /** The child's photo as stored, when it is a JPEG or PNG (the formats a PDF holds). */
  photo: { bytes: Uint8Array; type: "jpeg" | "png" } | null;
};

type Box = { x: number; y: number; width: number; height: number };

/**
 * One card in `box`, laid out at A6 and scaled: the child's photo and name, Dad's line (once, as he wrote it), then the
 * QR code beside the three steps a teenager follows, the code to type, and what the card alone can do.
 */
function drawCard(page: PDFPage, box: Box, fonts: Fonts, input: CardInput, photo: PDFImage | null) {
  const s = box.width / A6.width;
  const margin = 22 * s;
  const top = box.y + box.height;
  /** `fromTop` in A6 points below the card's top edge. */
  const yAt = (fromTop: number) => top - fromTop * s;
  const centred = (text: string, fromTop: number, size: number, font: PDFFont, color = ink) => {
    const value = printable(font, text);
    page.drawText(value, { x: box.x + (box.width - font.widthOfTextAtSize(value, size * s)) / 2, y: yAt(fromTop), size: size * s, font, color });
  };

  // Header: the product's name and what this is, a thin accent rule under them.
  page.drawText(PRODUCT_NAME.toUpperCase(), { x: box.x + margin, y: yAt(30), size: 8 * s, font: fonts.bold, color: ink });
  const label = "KEEPSAKE CARD";
  page.drawText(label, { x: box.x + box.width - margin - fonts.semibold.widthOfTextAtSize(label, 7 * s), y: yAt(30), size: 7 * s, font: fonts.semibold, color: olive });
  page.drawLine({ start: { x: box.x + margin, y: yAt(38) }, end: { x: box.x + box.width - margin, y: yAt(38) }, thickness: 1.2 * s, color: accent });

  // The child's photo in a circle (or the first letter of the name), with a fine ring.
  const radius = 46 * s;
  const centre = { x: box.x + box.width / 2, y: yAt(104) };
  if (photo) {
    const scale = (radius * 2) / Math.min(photo.width, photo.height);
    page.pushOperators(pushGraphicsState(), ...drawEllipsePath({ x: centre.x, y: centre.y, xScale: radius, yScale: radius }), clip(), endPath());
    page.drawImage(photo, { x: centre.x - (photo.width * scale) / 2, y: centre.y - (photo.height * scale) / 2, width: photo.width * scale, height: photo.height * scale });
    page.pushOperators(popGraphicsState());
  } else {
    page.drawCircle({ ...centre, size: radius, color: mist });
    // A name starting with an emoji the font lacks leaves the circle plain.
    const initial = printable(fonts.bold, childInitial(input.childName));
    const size = 40 * s;
    page.drawText(initial, { x: centre.x - fonts.bold.widthOfTextAtSize(initial, size) / 2, y: centre.y - size * 0.36, size, font: fonts.bold, color: ink });
  }
  page.drawCircle({ ...centre, size: radius + 4 * s, borderColor: accent, borderWidth: 1.2 * s });

  centred(`For ${input.childName}`, 185, 25, fonts.bold);

  // Dad's line, once and as he wrote it; without one, what the card holds.
  const lineText = input.line ? `“${input.line}”` : "Messages from Dad, for the years ahead.";
  const lineFont = input.line ? fonts.italic : fonts.regular;
  const lines = wrapToWidth(printable(lineFont, lineText), lineFont, 11 * s, box.width - margin * 2 - 24 * s).slice(0, 3);
  lines.forEach((line, index) => centred(line, 208 + index * 15, 11, lineFont, input.line ? ink : olive));

  const ruleY = 244;
  page.drawLine({ start: { x: box.x + margin, y: yAt(ruleY) }, end: { x: box.x + box.width - margin, y: yAt(ruleY) }, thickness: 0.6 * s, color: sand });

  // The QR code as vector squares: sharp at any printer resolution.
  const qr = QRCode.create(input.claimUrl, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const side = 104 * s;
  const cell = side / count;
  const qrLeft = box.x + margin;
  const qrTop = yAt(ruleY + 14);
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (qr.modules.get(row, column)) page.drawRectangle({ x: qrLeft + column * cell, y: qrTop - (row + 1) * cell, width: cell + 0.05, height: cell + 0.05, color: ink });
    }
  }
  const code = formatClaimCode(input.claimCode);
  page.drawText(code, { x: qrLeft, y: qrTop - side - 15 * s, size: 11.5 * s, font: fonts.bold, color: ink });

  // The steps, beside the code.
  const stepsLeft = qrLeft + side + 14 * s;
  const stepsWidth = box.x + box.width - margin - stepsLeft;
  let y = qrTop - 7 * s;
  page.drawText("HOW TO OPEN YOUR MESSAGES", { x: stepsLeft, y, size: 6.5 * s, font: fonts.bold, color: olive });
  y -= 15 * s;
  const steps = [
    `Scan the code with your phone's camera, or go to ${input.claimHost}/claim and type the code under it.`,
    "Answer Dad's question, or ask the family to let you in.",
    "Confirm your email address: your messages open on your own page.",
  ];
  steps.forEach((step, index) => {
    page.drawText(`${index + 1}`, { x: stepsLeft, y, size: 8.5 * s, font: fonts.bold, color: accent });
    for (const line of wrapToWidth(printable(fonts.regular, step), fonts.regular, 8 * s, stepsWidth - 11 * s)) {
      page.drawText(line, { x: stepsLeft + 11 * s, y, size: 8 * s, font: fonts.regular, color: ink });
      y -= 10.5 * s;
    }
    y -= 4 * s;
  });

  centred("On its own this card opens nothing: keep it safe with important papers.", 404, 6.8, fonts.regular, olive);
}

/** Short marks just outside each corner of the card, to cut along on a paper cutter or with scissors. */
function drawCutMarks(page: PDFPage, box: Box) {
  const gap = 6;
  const length = 18;
  const line = (x1: number, y1: number, x2: number, y2: number) => page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness: 0.5, color: ink });
  for (const x of [box.x, box.x + box.width]) {
    for (const y of [box.y, box.y + box.height]) {
      const outX = x === box.x ? -1 : 1;
      const outY = y === box.y ? -1 : 1;
      line(x + outX * gap, y, x + outX * (gap + length), y);
      line(x, y + outY * gap, x, y + outY * (gap + length));
    }
  }
}

/** The printable keepsake card for one child (A6, or US letter with cut marks), built with pdf-lib, fontkit and qrcode. */
export async function buildKeepsakeCard(input: CardInput) {
  const pdf = await PDFDocument.create();
  // Loaded when a card is first made, not when the app starts: fontkit's module unpacks its Unicode tables (brotli
  // and inflate in JavaScript), about a sixth of an app process's start-up CPU.
  pdf.registerFontkit((await import("@pdf-lib/fontkit")).default);
  const fonts = Object.fromEntries(
    await Promise.all(Object.entries(FONT_FILES).map(async ([role, file]) => [role, await pdf.embedFont(fontFile(file), { subset: true })])),
  ) as Fonts;
  pdf.setTitle(`Keepsake card for ${input.childName} · ${PRODUCT_NAME}`);
  pdf.setAuthor(PRODUCT_NAME);
  const photo = input.photo ? await (input.photo.type === "png" ? pdf.embedPng(input.photo.bytes) : pdf.embedJpg(input.photo.bytes)).catch(() => null) : null;
  if (input.size === "a6") {
    drawCard(pdf.addPage([A6.width, A6.height]), { x: 0, y: 0, ...A6 }, fonts, input, photo);
  } else {
    const page = pdf.addPage([LETTER.width, LETTER.height]);
    const height = LETTER_CARD_WIDTH * (A6.height / A6.width);
    const box = { x: (LETTER.width - LETTER_CARD_WIDTH) / 2, y: (LETTER.height - height) / 2 + 12, width: LETTER_CARD_WIDTH, height };
    drawCutMarks(page, box);
    drawCard(page, box, fonts, input, photo);
    const caption = "Cut along the marks at the corners. The card is 6 × 8½ inches.";
    page.drawText(caption, { x: (LETTER.width - fonts.regular.widthOfTextAtSize(caption, 9)) / 2, y: box.y - 40, size: 9, font: fonts.regular, color: olive });
  }
  return Buffer.from(await pdf.save());
}

import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { formatClaimCode } from "../../../shared/export";
import { PRODUCT_NAME } from "../../../shared/product";
import { wrapToWidth } from "../../../shared/wrap-to-width";

const ink = rgb(0x35 / 255, 0x35 / 255, 0x35 / 255);
const olive = rgb(0x65 / 255, 0x64 / 255, 0x5a / 255);
const accent = rgb(0x9a / 255, 0x64 / 255, 0x16 / 255);
const sand = rgb(0xbd / 255, 0xbb / 255, 0xb0 / 255);

/** A6 is 105 × 148 mm; the letter version draws the same card larger, with a cut line. */
const A6 = { width: 297.64, height: 419.53 };
const LETTER = { width: 612, height: 792 };

/** The standard PDF fonts cover Latin text only: anything else (an emoji) is left out rather than failing. */
function printable(font: PDFFont, text: string) {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.normalize("NFC"), (char) => (known.has(char.codePointAt(0) ?? 0) ? char : ""))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

function drawCard(page: PDFPage, box: { x: number; y: number; width: number; height: number }, fonts: { regular: PDFFont; bold: PDFFont; italic: PDFFont }, input: CardInput) {
  const s = box.width / A6.width;
  const margin = 22 * s;
  const left = box.x + margin;
  const width = box.width - margin * 2;
  let y = box.y + box.height - margin - 10 * s;
  const text = (value: string, options: { size: number; font: PDFFont; color?: ReturnType<typeof rgb>; gap?: number }) => {
    // Wrapped a little short of the edge: a viewer without Helvetica draws a wider substitute.
    for (const line of wrapToWidth(printable(options.font, value), options.font, options.size * s, width * 0.9)) {
      page.drawText(line, { x: left, y, size: options.size * s, font: options.font, color: options.color ?? ink });
      y -= options.size * s * 1.35;
    }
    y -= (options.gap ?? 0) * s;
  };

  text(`${PRODUCT_NAME.toUpperCase()} · KEEPSAKE CARD`, { size: 8, font: fonts.bold, color: accent, gap: 8 });
  text(`For ${input.childName}`, { size: 22, font: fonts.bold, gap: 4 });
  if (input.line) text(`“${input.line}” — Dad`, { size: 10.5, font: fonts.italic, color: olive, gap: 4 });
  y -= 6 * s;

  // The QR code as vector squares: sharp at any printer resolution.
  const qr = QRCode.create(input.claimUrl, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 2;
  const side = 118 * s;
  const cell = side / (count + quiet * 2);
  const qrTop = y;
  page.drawRectangle({ x: left, y: qrTop - side, width: side, height: side, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (qr.modules.get(row, column)) {
        page.drawRectangle({ x: left + (column + quiet) * cell, y: qrTop - (row + quiet + 1) * cell, width: cell + 0.05, height: cell + 0.05, color: ink });
      }
    }
  }
  const codeX = left + side + 12 * s;
  page.drawText("CLAIM CODE", { x: codeX, y: qrTop - 30 * s, size: 8 * s, font: fonts.bold, color: olive });
  page.drawText(formatClaimCode(input.claimCode), { x: codeX, y: qrTop - 48 * s, size: 14 * s, font: fonts.bold, color: ink });
  y = qrTop - side - 14 * s;

  text("Dad recorded videos, voice notes and photos for you, to open over the years.", { size: 9.5, font: fonts.regular, gap: 5 });
  text(
    `To see them, scan the code with a phone camera, or go to ${input.claimHost}/claim and type the claim code. Then answer Dad's question, or ask the family to let you in.`,
    { size: 8.5, font: fonts.regular, color: olive, gap: 5 },
  );
  text("The card alone opens nothing, so it is safe to keep with important papers.", { size: 8.5, font: fonts.regular, color: olive });
}

export type CardInput = { childName: string; line: string; claimCode: string; claimUrl: string; claimHost: string; size: "a6" | "letter" };

/** The printable keepsake card for one child (A6, or US letter with a cut line), built with pdf-lib and qrcode. */
export async function buildKeepsakeCard(input: CardInput) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(await pdf.embedFont(StandardFonts.Helvetica), `Keepsake card for ${input.childName} · ${PRODUCT_NAME}`));
  pdf.setAuthor(PRODUCT_NAME);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    italic: await pdf.embedFont(StandardFonts.HelveticaOblique),
  };
  if (input.size === "a6") {
    const page = pdf.addPage([A6.width, A6.height]);
    drawCard(page, { x: 0, y: 0, ...A6 }, fonts, input);
  } else {
    const page = pdf.addPage([LETTER.width, LETTER.height]);
    const width = LETTER.width - 2 * 72;
    const height = width * (A6.height / A6.width);
    const box = { x: 72, y: (LETTER.height - height) / 2, width, height };
    page.drawRectangle({ ...box, borderColor: sand, borderWidth: 0.75, borderDashArray: [4, 4] });
    drawCard(page, box, fonts, input);
    page.drawText("Cut along the dashed line.", { x: 72, y: box.y - 18, size: 9, font: fonts.regular, color: olive });
  }
  return Buffer.from(await pdf.save());
}

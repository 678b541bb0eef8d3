import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { PRODUCT_NAME } from "../../../shared/product";
import { DAD_MOVES } from "./dad-moves.content";
import { wrapToWidth } from "../../../shared/wrap-to-width";

const ink = rgb(0x35 / 255, 0x35 / 255, 0x35 / 255);
const olive = rgb(0x65 / 255, 0x64 / 255, 0x5a / 255);
const accent = rgb(0x9a / 255, 0x64 / 255, 0x16 / 255);
const page = { width: 612, height: 792, margin: 56 };

/** The free '52 Dad Moves' PDF (US Letter), built from the moves in dad-moves.content.ts. */
export async function buildDadMovesPdf() {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`52 Dad Moves · ${PRODUCT_NAME}`);
  pdf.setAuthor(PRODUCT_NAME);
  pdf.setSubject("A year's worth of dad moves, one a week.");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const textWidth = page.width - page.margin * 2;

  const cover = pdf.addPage([page.width, page.height]);
  cover.drawText(PRODUCT_NAME, { x: page.margin, y: page.height - 120, size: 16, font: bold, color: accent });
  cover.drawText("52 Dad Moves", { x: page.margin, y: page.height - 190, size: 44, font: bold, color: ink });
  const intro = [
    "A year's worth of small things that add up to a lot.",
    "One move a week. Each takes minutes, not money. Pick this week's, do it once, and notice what happens.",
    "Good dads show up today. Great dads show up forever.",
  ];
  let y = page.height - 240;
  for (const paragraph of intro) {
    for (const line of wrapToWidth(paragraph, regular, 14, textWidth)) {
      cover.drawText(line, { x: page.margin, y, size: 14, font: regular, color: olive });
      y -= 20;
    }
    y -= 10;
  }

  let current = pdf.addPage([page.width, page.height]);
  y = page.height - page.margin;
  DAD_MOVES.forEach((move, index) => {
    const body = wrapToWidth(move.move, regular, 12, textWidth);
    const needed = 22 + body.length * 17 + 22;
    if (y - needed < page.margin) {
      current = pdf.addPage([page.width, page.height]);
      y = page.height - page.margin;
    }
    current.drawText(`WEEK ${index + 1}`, { x: page.margin, y, size: 10, font: bold, color: accent });
    y -= 18;
    current.drawText(move.title, { x: page.margin, y, size: 16, font: bold, color: ink });
    y -= 22;
    for (const line of body) {
      current.drawText(line, { x: page.margin, y, size: 12, font: regular, color: ink });
      y -= 17;
    }
    y -= 22;
  });
  return pdf.save();
}

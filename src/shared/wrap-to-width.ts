/** Splits text into lines that fit `width` at `size` in `font` (words kept whole): the PDFs' paragraphs (pdf-lib fonts measure). */
export function wrapToWidth(text: string, font: { widthOfTextAtSize: (text: string, size: number) => number }, size: number, width: number) {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

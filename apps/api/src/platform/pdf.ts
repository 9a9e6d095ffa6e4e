import { existsSync } from 'node:fs';

/**
 * Fonts with every Latin letter of the five languages (Turkish ğ, ı, ş, İ are outside the standard
 * PDF fonts' WinAnsi set), looked for where Debian-based images and most Linux systems keep them.
 */
const UNICODE_FONTS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
];

/**
 * The first Unicode TrueType font found on this machine (the product ships none), or null: a document
 * in a language the standard fonts cannot write falls back to English then.
 */
export function unicodeFontPath(): string | null {
  return UNICODE_FONTS.find((p) => existsSync(p)) ?? null;
}

/**
 * Render an A4 PDF document (56 pt margins) to a buffer: the letterhead (`issuer` large, `subtitle`
 * small and grey, then `heading`), then whatever `draw` writes below it in black.
 * @param page.title the document's title in its metadata; `issuer` is its author
 * @param options.font a TrueType font file to write everything in (default: Helvetica)
 * @param options.layout `landscape` for wide tables (default portrait)
 * @throws what pdfkit throws while writing (the promise rejects)
 */
export async function renderPdf(
  page: { title: string; issuer: string; subtitle: string; heading: string },
  draw: (doc: PDFKit.PDFDocument) => void,
  options: { font?: string | null; layout?: 'portrait' | 'landscape' } = {},
): Promise<Buffer> {
  // Loaded on first use: pdfkit and its fonts cost tens of MB of memory, which an API process that
  // never serves a PDF should not pay.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: options.layout ?? 'portrait',
      margin: 56,
      info: { Title: page.title, Author: page.issuer },
    });
    if (options.font) doc.font(options.font);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).text(page.issuer);
    doc.moveDown(0.3).fontSize(10).fillColor('#555').text(page.subtitle);
    doc.moveDown(1.5).fillColor('#000').fontSize(16).text(page.heading);
    draw(doc);
    doc.end();
  });
}

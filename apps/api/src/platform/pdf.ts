/**
 * Render an A4 PDF document (56 pt margins) to a buffer: the letterhead (`issuer` large, `subtitle`
 * small and grey, then `heading`), then whatever `draw` writes below it in black.
 * @param page.title the document's title in its metadata; `issuer` is its author
 * @throws what pdfkit throws while writing (the promise rejects)
 */
export async function renderPdf(
  page: { title: string; issuer: string; subtitle: string; heading: string },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  // Loaded on first use: pdfkit and its fonts cost tens of MB of memory, which an API process that
  // never serves a PDF should not pay.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: page.title, Author: page.issuer } });
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

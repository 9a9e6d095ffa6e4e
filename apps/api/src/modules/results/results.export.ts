import type { Language } from '@lm/contracts';
import { formatNumber } from '@lm/contracts/format';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { safeCast } from '../../platform/csv';
import { t } from '../../platform/i18n';
import { renderPdf, unicodeFontPath } from '../../platform/pdf';
import { getSettings } from '../settings';
import { groupRows, platformName, type ReportedCampaign, reportedCampaigns } from './results.summary';

/**
 * The artist's results to take away (issue "Results"): every campaign as CSV and as a PDF report,
 * both in the reader's language (the shared catalog's `results.export.*` and `results.pdf.*`).
 */

const CSV_COLUMNS = [
  'id',
  'platform',
  'track',
  'target',
  'tier',
  'live_from',
  'live_to',
  'coins_spent',
  'streams_of',
  'streams_before',
  'streams_during',
  'extra_streams',
  'views',
  'cost_per_1000',
  'overlapping',
] as const;

/** One campaign's cells, in {@link CSV_COLUMNS} order (numbers as numbers, absent as empty). */
function csvRecord({ campaign: c, report: r }: ReportedCampaign, lang: Language): (string | number)[] {
  const streams = r.metrics.find((m) => m.metric === 'streams');
  return [
    c.id,
    platformName(lang, c.type),
    c.trackName,
    c.targetName,
    c.tierName ?? '',
    r.window?.from ?? '',
    r.window?.to ?? '',
    r.coins_spent,
    streams ? t(lang, `results.scope.${streams.scope}`) : '',
    streams?.before.mean ?? '',
    streams?.during.mean ?? '',
    r.result_unit === 'extra_streams' ? (r.results ?? '') : '',
    r.result_unit === 'views' ? (r.results ?? '') : '',
    r.cost_per_1000 ?? '',
    r.overlapping.map((o) => o.id).join(' '),
  ];
}

/**
 * `GET /api/results/export.csv`: one row per campaign of the artist (every platform and status,
 * oldest first) with its live days, coins spent, streams a day before and during, extra streams or
 * views, cost per 1,000 and the ids of the campaigns running at the same time; headers in the
 * reader's language. UTF-8 with a byte order mark (spreadsheets then read accents and Arabic); every
 * cell that would start with `=`, `+`, `-` or `@`, numbers included, is neutralised (`platform/csv.ts`).
 * @param now the clock's now (open campaigns are measured up to today)
 */
export async function exportResultsCsv(
  database: Database,
  artistId: number,
  lang: Language,
  now: Date,
): Promise<string> {
  const { rows } = await reportedCampaigns(database, artistId, lang, now);
  return stringify(
    rows.map((r) => csvRecord(r, lang)),
    {
      header: true,
      columns: CSV_COLUMNS.map((key) => ({ key, header: t(lang, `results.export.${key}`) })),
      bom: true,
      cast: safeCast,
    },
  );
}

/**
 * The language a PDF is written in: the reader's, except Arabic (pdfkit lays text out left to right
 * with no bidirectional reordering, so Arabic words come out in the wrong order) and languages whose
 * letters need a Unicode font when the machine has none (Turkish): English then.
 */
export function pdfLanguage(lang: Language, font: string | null): Language {
  if (lang === 'ar') return 'en';
  if (lang === 'tr' && !font) return 'en';
  return lang;
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A table's header and rows at the cursor, a new page (with the header again) when one is full. */
function drawTable(doc: PDFKit.PDFDocument, columns: Column[], rows: string[][]): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const drawRow = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    doc.fontSize(8).fillColor(bold ? '#555' : '#000');
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc.text(cell, x, y, { width: col.width - 6, align: col.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += col.width;
    });
    doc.x = left;
    doc.y = bottom + 4;
    if (bold) {
      doc
        .moveTo(left, doc.y - 2)
        .lineTo(right, doc.y - 2)
        .strokeColor('#999')
        .stroke();
      doc.y += 2;
    }
  };
  const header = columns.map((c) => c.title);
  drawRow(header, true);
  for (const row of rows) {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) {
      doc.addPage();
      drawRow(header, true);
    }
    drawRow(row, false);
  }
}

/**
 * `GET /api/results/report.pdf`: the artist's results as an A4 landscape PDF: the title, the
 * artist's name and the date, the method in plain words, one table row per campaign (live days, coins,
 * extra streams or views, cost per 1,000) and the totals by platform. In the reader's language where
 * the PDF can write it ({@link pdfLanguage}).
 * @param now the clock's now (the date printed; open campaigns are measured up to today)
 */
export async function exportResultsPdf(
  database: Database,
  artistId: number,
  readerLang: Language,
  now: Date,
): Promise<Buffer> {
  const font = unicodeFontPath();
  const lang = pdfLanguage(readerLang, font);
  const { rows } = await reportedCampaigns(database, artistId, lang, now);
  const [artist] = await database.db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, artistId));
  const issuer = (await getSettings(database)).mail_from_name;
  const num = (n: number | null, digits = 0) =>
    n === null
      ? t(lang, 'results.pdf.not_measured')
      : formatNumber(n, lang, { maximumFractionDigits: digits });
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(now);
  const title = t(lang, 'results.pdf.title');

  return renderPdf(
    {
      title,
      issuer,
      subtitle: `${t(lang, 'results.pdf.for', { name: `${artist?.first ?? ''} ${artist?.last ?? ''}`.trim() })} · ${t(lang, 'results.pdf.date', { date })}`,
      heading: title,
    },
    (doc) => {
      const left = doc.page.margins.left;
      const width = doc.page.width - left - doc.page.margins.right;
      doc.moveDown(0.6).fontSize(11).text(t(lang, 'results.pdf.method_title'), left, doc.y, { width });
      doc.moveDown(0.2).fontSize(9).fillColor('#333').text(t(lang, 'results.pdf.method'), { width });
      doc.fillColor('#000').moveDown(1).fontSize(12).text(t(lang, 'results.pdf.campaigns_title'), left);
      doc.moveDown(0.4);
      if (rows.length === 0) doc.fontSize(10).text(t(lang, 'results.pdf.none'));
      else
        drawTable(
          doc,
          [
            { title: t(lang, 'results.pdf.col_campaign'), width: 80 },
            { title: t(lang, 'results.pdf.col_track'), width: 130 },
            { title: t(lang, 'results.pdf.col_target'), width: 150 },
            { title: t(lang, 'results.pdf.col_live'), width: 110 },
            { title: t(lang, 'results.pdf.col_coins'), width: 60, align: 'right' },
            { title: t(lang, 'results.pdf.col_result'), width: 110, align: 'right' },
            { title: t(lang, 'results.pdf.col_cost'), width: width - 640, align: 'right' },
          ],
          rows.map(({ campaign: c, report: r }) => [
            `#${c.id} · ${platformName(lang, c.type)}`,
            c.trackName,
            c.tierName ? `${c.targetName} (${c.tierName})` : c.targetName,
            r.window ? `${r.window.from} – ${r.window.to}` : t(lang, 'results.pdf.not_measured'),
            num(r.coins_spent),
            r.results === null
              ? t(lang, 'results.pdf.not_measured')
              : `${num(r.results)} ${t(lang, r.result_unit === 'views' ? 'results.export.views' : 'results.export.extra_streams').toLowerCase()}`,
            num(r.cost_per_1000, 2),
          ]),
        );

      doc.x = left;
      doc.moveDown(1).fontSize(12).fillColor('#000').text(t(lang, 'results.pdf.by_platform_title'), left);
      doc.moveDown(0.4);
      drawTable(
        doc,
        [
          { title: t(lang, 'results.pdf.col_platform'), width: 120 },
          { title: t(lang, 'results.pdf.col_campaigns'), width: 80, align: 'right' },
          { title: t(lang, 'results.pdf.col_measured'), width: 80, align: 'right' },
          { title: t(lang, 'results.pdf.col_coins'), width: 80, align: 'right' },
          { title: t(lang, 'results.export.extra_streams'), width: 100, align: 'right' },
          { title: t(lang, 'results.export.views'), width: 90, align: 'right' },
          { title: t(lang, 'results.pdf.col_cost'), width: width - 550, align: 'right' },
        ],
        groupRows(rows, 'platform', lang).map((g) => [
          g.label,
          num(g.campaigns),
          num(g.measured),
          num(g.coins_spent),
          num(g.extra_streams),
          num(g.views),
          num(g.cost_per_1000_streams ?? g.cost_per_1000_views, 2),
        ]),
      );
    },
    { font, layout: 'landscape' },
  );
}

import { formatNumber } from '../i18n/format';
import { directionOf } from '../i18n/languages';

const TICK = { fontSize: 12, fill: 'currentColor' } as const;

/**
 * Axis settings of a Mantine (recharts) chart for the reader's language (issue 20: charts readable
 * in Arabic). Recharts draws left to right only, so the chart keeps `dir="ltr"` and, in Arabic, the
 * time (or value) axis runs right to left and the value (or category) axis sits on the right, with
 * its labels outside the plot. Tick labels keep a gap between them so they never overlap, and values
 * are written with the language's digit grouping.
 *
 * @param orientation `horizontal` (categories along the bottom) or `vertical` (categories down the side)
 * @returns props to spread on BarChart / LineChart / AreaChart
 */
export function chartDirection(language: string, orientation: 'horizontal' | 'vertical' = 'horizontal') {
  const rtl = directionOf(language) === 'rtl';
  return {
    dir: 'ltr' as const,
    valueFormatter: (value: number) => formatNumber(value, language),
    xAxisProps: { reversed: rtl, minTickGap: orientation === 'horizontal' ? 18 : 5 },
    yAxisProps: rtl
      ? { orientation: 'right' as const, tick: { ...TICK, transform: 'translate(10, 0)' } }
      : { orientation: 'left' as const },
  };
}

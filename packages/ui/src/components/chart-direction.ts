import { formatNumber } from '../i18n/format';
import { directionOf } from '../i18n/languages';
import { COUNT_AXIS } from './chart-props';

const TICK = { fontSize: 12, fill: 'currentColor' } as const;

/**
 * Axis settings of a Mantine (recharts) chart for the reader's language (charts readable
 * in Arabic). Recharts draws left to right only, so the chart keeps `dir="ltr"` and, in Arabic, the
 * time (or value) axis runs right to left and the value (or category) axis sits on the right, with
 * its labels outside the plot. Tick labels keep a gap between them so they never overlap, and values
 * are written with the language's digit grouping.
 *
 * @param orientation `horizontal` (categories along the bottom) or `vertical` (categories down the side)
 * @param options `counts`: the value axis counts things, so it shows whole numbers only
 *   ({@link COUNT_AXIS}), kept together with the side it sits on (overriding `yAxisProps` afterwards
 *   would put an Arabic chart's axis back on the left)
 * @returns props to spread on BarChart / LineChart / AreaChart
 */
export function chartDirection(
  language: string,
  orientation: 'horizontal' | 'vertical' = 'horizontal',
  options: { counts?: boolean } = {},
) {
  const rtl = directionOf(language) === 'rtl';
  const counts = options.counts ? COUNT_AXIS : {};
  const side = rtl
    ? { orientation: 'right' as const, tick: { ...TICK, transform: 'translate(10, 0)' } }
    : { orientation: 'left' as const };
  const categories = { reversed: rtl, minTickGap: orientation === 'horizontal' ? 18 : 5 };
  return {
    dir: 'ltr' as const,
    valueFormatter: (value: number) => formatNumber(value, language),
    // The value axis is y on a horizontal chart, x on a vertical one.
    xAxisProps: orientation === 'horizontal' ? categories : { ...categories, ...counts },
    yAxisProps: orientation === 'horizontal' ? { ...side, ...counts } : side,
  };
}

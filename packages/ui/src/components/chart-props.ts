/**
 * Shared chart settings: axes that count things (jobs, users, campaigns, coins) show whole
 * numbers only, and legends sit under the chart with room between their items.
 */

/** Pass as `yAxisProps` (or `xAxisProps` of a vertical bar chart) on a chart of counts: no "0.5 users". */
export const COUNT_AXIS = { allowDecimals: false } as const;

/** Spread onto a chart with `withLegend`: the legend under the plot, its items spaced apart. */
export const LEGEND_PROPS = {
  legendProps: { verticalAlign: 'bottom' },
  styles: { legend: { columnGap: 'var(--mantine-spacing-lg)', rowGap: 4, paddingTop: 12 } },
} as const;

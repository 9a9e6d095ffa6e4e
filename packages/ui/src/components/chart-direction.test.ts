import { describe, expect, it } from 'vitest';
import { chartDirection } from './chart-direction';

describe('chartDirection (charts readable in Arabic, whole numbers on count axes)', () => {
  it('puts the value axis on the right in Arabic and keeps it there on a chart of counts', () => {
    const ar = chartDirection('ar', 'horizontal', { counts: true });
    expect(ar.yAxisProps).toMatchObject({ orientation: 'right', allowDecimals: false });
    expect(ar.xAxisProps).toMatchObject({ reversed: true });
    expect(chartDirection('en', 'horizontal', { counts: true }).yAxisProps).toMatchObject({
      orientation: 'left',
      allowDecimals: false,
    });
  });

  it('on a vertical chart the counted axis is x, and amounts keep their decimals', () => {
    const sideways = chartDirection('ar', 'vertical', { counts: true });
    expect(sideways.xAxisProps).toMatchObject({ reversed: true, allowDecimals: false });
    expect(sideways.yAxisProps).toMatchObject({ orientation: 'right' });
    expect(chartDirection('ar').yAxisProps).not.toHaveProperty('allowDecimals');
  });
});

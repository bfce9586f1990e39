import uPlotStyles from '../../../node_modules/uplot/dist/uPlot.min.css?raw';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import type { ChartAnswer } from '../../../src/contract/analytics';
import { activeLanguage, t } from '../../../src/i18n';
import { adoptStyles } from '../../../src/ui/adoptStyles';

adoptStyles(uPlotStyles);

/**
 * The report's chart (uPlot: small and fast, and only in this screen's chunk). Colours are read from the theme's
 * custom properties when drawn, so the dark theme gets its own; the legend shows each line's value under the cursor
 * and a tooltip follows it. The drawn data is also on the element (data-chart), so tests compare it with the table.
 */

const PALETTE = ['--color-accent', '--color-success', '--color-warning', '--color-danger', '--color-info', '--color-muted'];

/** A bucket label ('2026', '2026-02', '2026-02-15') as the UTC second it starts. */
const secondsOf = (period: string) => Date.UTC(Number(period.slice(0, 4)), period.length > 4 ? Number(period.slice(5, 7)) - 1 : 0, period.length > 7 ? Number(period.slice(8, 10)) : 1) / 1000;

export interface ChartProps {
  chart: ChartAnswer;
  labels: string[];
  format: (value: number) => string;
}

export function ReportChart({ chart, labels, format }: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element || !chart.points.length) return;
    const style = getComputedStyle(element);
    const colour = (name: string) => style.getPropertyValue(name).trim() || '#888';
    // The axis writes short numbers (12 тыс., 1.2M) so they fit; the legend and the tooltip write the full sums.
    const compact = new Intl.NumberFormat(activeLanguage(), { notation: 'compact', maximumFractionDigits: 1 });
    const axis = { stroke: colour('--color-fg'), grid: { stroke: colour('--color-border'), width: 1 }, ticks: { stroke: colour('--color-border') } };
    const periods = chart.points.map((point) => point.period);
    const data: uPlot.AlignedData = [chart.points.map((point) => secondsOf(point.period)), ...labels.map((_, index) => chart.points.map((point) => point.values[index] ?? 0))];
    const showTip = (plot: uPlot) => {
      const index = plot.cursor.idx;
      const box = tip.current;
      if (!box) return;
      if (index === null || index === undefined) {
        box.hidden = true;
        return;
      }
      box.hidden = false;
      box.textContent = `${periods[index]}: ${labels.map((label, line) => `${label} ${format(Number(data[line + 1][index] ?? 0))}`).join(' · ')}`;
      box.style.left = `${Math.min((plot.cursor.left ?? 0) + 12, element.clientWidth - 200)}px`;
      box.style.top = `${(plot.cursor.top ?? 0) + 12}px`;
    };
    const plot = new uPlot(
      {
        width: Math.max(320, element.clientWidth),
        height: 280,
        scales: { x: { time: true } },
        axes: [{ ...axis }, { ...axis, size: 70, values: (_, ticks) => ticks.map((tick) => compact.format(tick)) }],
        series: [
          { label: t('analytics.period'), value: (_, value) => (value === null ? '' : periods[data[0].indexOf(value)] ?? '') },
          ...labels.map((label, index) => ({ label, stroke: colour(PALETTE[index % PALETTE.length]), width: 2, points: { show: chart.points.length < 60 }, value: (_: uPlot, value: number | null) => (value === null ? '' : format(value)) })),
        ],
        hooks: { setCursor: [showTip] },
      },
      data,
      element,
    );
    const resize = () => plot.setSize({ width: Math.max(320, element.clientWidth), height: 280 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [chart, labels, format]);

  const drawn = JSON.stringify({ labels, points: chart.points });
  return (
    <figure className="analytics-chart" aria-label={t('analytics.chart')} data-testid="analytics-chart" data-chart={drawn}>
      {chart.points.length ? <div ref={host} className="analytics-chart-plot" /> : <p className="analytics-note">{t('analytics.chartEmpty')}</p>}
      <div ref={tip} className="analytics-chart-tip" role="status" hidden />
    </figure>
  );
}

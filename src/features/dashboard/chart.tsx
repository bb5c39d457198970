import { Skeleton } from '@mantine/core';
import { Suspense, use, useEffect, useRef } from 'react';

let chartJs: Promise<typeof import('./chart-setup')> | null = null;
/** chart.js with what the dashboard registers, loaded at the first chart. */
const loadChartJs = () => (chartJs ??= import('./chart-setup'));

export interface Series {
  label: string;
  data: number[];
  color: string | string[];
}

export interface ChartProps {
  kind: 'bar' | 'doughnut';
  labels: string[];
  series: Series[];
  /** Bars along the y axis (top products). */
  horizontal?: boolean;
  stacked?: boolean;
  height: number;
  /** How a value reads on the axis and in the tooltip (money or a count, in the interface language). */
  format: (n: number) => string;
  testId?: string;
}

/** A long name on two lines (by words) so a phone's bar chart keeps room for the bars; the table has it whole. */
function wrapLabel(label: string, width = 16): string | string[] {
  if (label.length <= width) return label;
  const lines: string[] = [];
  for (const word of label.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + word.length + 1 <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  const rest = lines.slice(1).join(' ');
  return lines.length > 2 ? [lines[0], `${rest.slice(0, width - 1)}…`] : lines;
}

function Canvas({ kind, labels, series, horizontal, stacked, format }: Omit<ChartProps, 'height' | 'testId'>) {
  const { Chart } = use(loadChartJs());
  const canvas = useRef<HTMLCanvasElement>(null);
  const formatRef = useRef(format);
  formatRef.current = format;
  // redrawn when the figures change, not on every render of the page
  const key = JSON.stringify([kind, labels, series, horizontal, stacked]);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const format = (n: number) => formatRef.current(n);
    const datasets = series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderWidth: kind === 'bar' ? 0 : 2 }));
    const valueAxis = { stacked, beginAtZero: true, ticks: { callback: (v: number | string) => format(Number(v)), maxTicksLimit: 5 } };
    const labelAxis = { stacked, grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } };
    const chart = new Chart(el, {
      type: kind,
      data: { labels: horizontal ? labels.map((l) => wrapLabel(l)) : labels, datasets },
      options: {
        maintainAspectRatio: false,
        responsive: true,
        indexAxis: horizontal ? 'y' : 'x',
        plugins: {
          legend: { display: series.length > 1 || kind === 'doughnut', position: 'bottom' },
          tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''} ${format(Number(c.raw))}`.trim() } },
        },
        ...(kind === 'bar' ? { scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis } } : {}),
      },
    });
    el.dataset.ready = 'true';
    return () => chart.destroy();
  }, [key]);
  return <canvas ref={canvas} aria-hidden="true" />;
}

/**
 * A chart drawn on a canvas. chart.js loads on its own (a dynamic import, once), so the dashboard pages
 * stay small; the canvas is hidden from screen readers: each chart has a table of the same figures.
 */
export function FigureChart({ height, testId, ...chart }: ChartProps) {
  return (
    <div style={{ position: 'relative', height }} data-testid={testId}>
      <Suspense fallback={<Skeleton h={height} />}>
        <Canvas {...chart} />
      </Suspense>
    </div>
  );
}

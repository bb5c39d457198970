import { Skeleton } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Chart as ChartType } from 'chart.js';

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
  return lines.length > 2
    ? [
        lines[0],
        `${lines
          .slice(1)
          .join(' ')
          .slice(0, width - 1)}…`,
      ]
    : lines;
}

/**
 * A chart drawn on a canvas. chart.js loads on its own (a dynamic import), so the dashboard pages
 * stay small; the canvas is hidden from screen readers: each chart has a table of the same figures.
 */
export function FigureChart({ kind, labels, series, horizontal, stacked, height, format, testId }: ChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  const formatRef = useRef(format);
  formatRef.current = format;
  // redrawn when the figures change, not on every render of the page
  const key = JSON.stringify([kind, labels, series, horizontal, stacked]);
  useEffect(() => {
    const format = (n: number) => formatRef.current(n);
    let chart: ChartType | null = null;
    let live = true;
    void import('./chart-setup').then(({ Chart }) => {
      if (!live || !canvas.current) return;
      const datasets = series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderWidth: kind === 'bar' ? 0 : 2 }));
      const valueAxis = { stacked, beginAtZero: true, ticks: { callback: (v: number | string) => format(Number(v)), maxTicksLimit: 5 } };
      const labelAxis = { stacked, grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } };
      chart = new Chart(canvas.current, {
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
      setReady(true);
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [key]);
  return (
    <div style={{ position: 'relative', height }} data-testid={testId}>
      {!ready && <Skeleton h={height} pos="absolute" inset={0} />}
      <canvas ref={canvas} aria-hidden="true" data-ready={ready || undefined} />
    </div>
  );
}

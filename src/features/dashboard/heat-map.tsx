import { Card, Text, Title } from '@mantine/core';
import { useT } from '../../lib/i18n';
import classes from './dashboard.module.css';
import { heat } from './colors';
import type { DashboardFormat } from './use-dashboard-format';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** Orders by weekday (rows, Monday first) and hour (columns): the colour and the number in each cell; it scrolls sideways on a phone. */
export function HeatMap({ grid, f }: { grid: number[][]; f: DashboardFormat }) {
  const t = useT('dashboard');
  const max = Math.max(0, ...grid.flat());
  return (
    <Card withBorder radius="md" padding="md" data-testid="heatmap-card">
      <Title order={3} size="h4">
        {t('heatmap')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('heatmapHint')}
      </Text>
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={t('heatmap')}>
        <table className={classes.heat} data-testid="heatmap">
          <thead>
            <tr>
              <td />
              {HOURS.map((h) => (
                <th key={h} scope="col">
                  {String(h).padStart(2, '0')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((row, d) => (
              <tr key={d}>
                <th scope="row" style={{ textAlign: 'left' }}>
                  {f.weekday(d)}
                </th>
                {row.map((n, h) => (
                  <td
                    key={h}
                    data-testid="heat-cell"
                    style={{ background: heat(n, max), color: n > max * 0.6 ? 'white' : undefined, fontWeight: n > 0 ? 700 : 400 }}
                  >
                    {n > 0 ? f.count(n) : <span style={{ color: 'var(--mantine-color-gray-5)' }}>0</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

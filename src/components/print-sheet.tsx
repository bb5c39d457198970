import { Button, Group, SegmentedControl } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import classes from './print-sheet.module.css';

/** The paper sizes a bill or the day's close prints on: a 58 mm or 80 mm receipt roll, or A4. */
export type Paper = '58mm' | '80mm' | 'A4';
/** @page takes lengths only (no "auto" height): a roll page is 80 mm wide and one A4 long; receipt printers stop at the content. */
const PAGE: Record<Paper, string> = {
  '58mm': 'size: 58mm 297mm; margin: 2mm',
  '80mm': 'size: 80mm 297mm; margin: 3mm',
  A4: 'size: A4; margin: 12mm',
};

/** The paper picker and the Print button (not printed themselves). */
export function PrintControls({
  paper,
  onPaper,
  label,
  roll58,
}: {
  paper: Paper;
  onPaper: (p: Paper) => void;
  label?: string;
  /** Offer the narrow 58 mm roll too (the counter's bill). */
  roll58?: boolean;
}) {
  const t = useT('common');
  return (
    <Group gap="xs" className={classes.noPrint}>
      <SegmentedControl
        size="xs"
        aria-label={t('paper')}
        value={paper}
        onChange={(v) => onPaper(v as Paper)}
        data={[
          ...(roll58 ? [{ value: '58mm', label: t('paperRoll58') }] : []),
          { value: '80mm', label: t('paperRoll') },
          { value: 'A4', label: 'A4' },
        ]}
      />
      <Button size="xs" variant="light" onClick={() => window.print()}>
        {label ?? t('print')}
      </Button>
    </Group>
  );
}

/** What is printed: the sheet alone, at the width of the chosen paper (also on screen, as a preview). */
export function PrintSheet({ paper, children, testId }: { paper: Paper; children: ReactNode; testId?: string }) {
  return (
    <div className={classes.sheet} data-paper={paper} data-testid={testId}>
      <style>{`@media print { @page { ${PAGE[paper]}; } }`}</style>
      {children}
    </div>
  );
}

/** A label on the left and an amount on the right. */
export function SheetRow({ label, value, strong }: { label: ReactNode; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`${classes.row}${strong ? ` ${classes.strong}` : ''}`}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}

export const SheetRule = () => <hr className={classes.rule} />;

export function SheetText({
  children,
  center,
  strong,
  small,
}: {
  children: ReactNode;
  center?: boolean;
  strong?: boolean;
  small?: boolean;
}) {
  const cls = [center && classes.center, strong && classes.strong, small && classes.small].filter(Boolean).join(' ');
  return <div className={cls || undefined}>{children}</div>;
}

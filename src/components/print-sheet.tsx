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

/** Segments a finger can hit (44 px high), in a smaller type with less padding so Tamil choices fit a phone's width. */
export const FINGER_SEGMENTS = {
  root: { maxWidth: '100%' },
  label: {
    minHeight: 44,
    minWidth: 44,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    paddingInline: 8,
    fontSize: 'var(--mantine-font-size-sm)',
  },
} as const;

/** The class of a control beside a printed document: never printed. */
export const noPrintClass = classes.noPrint;

/** A paper to choose: its value and its name on the switch. */
export interface PaperChoice<P extends string> {
  value: P;
  label: string;
}

/** The paper picker and the Print button (not printed themselves). */
export function PrintControls<P extends string = Paper>({
  paper,
  onPaper,
  label,
  roll58,
  papers,
  onPrint = () => window.print(),
  printing,
  disabled,
  size = 'xs',
}: {
  paper: P;
  onPaper: (p: P) => void;
  label?: string;
  /** Offer the narrow 58 mm roll too (the counter's bill). */
  roll58?: boolean;
  /** Other papers than the rolls and A4 (a sheet of labels, a label roll). */
  papers?: PaperChoice<P>[];
  /** Opens the print dialog, after whatever the document needs first. */
  onPrint?: () => void;
  printing?: boolean;
  disabled?: boolean;
  /** md: controls a finger can hit (44 px). */
  size?: 'xs' | 'md';
}) {
  const t = useT('common');
  const rolls: PaperChoice<Paper>[] = [
    ...(roll58 ? [{ value: '58mm' as const, label: t('paperRoll58') }] : []),
    { value: '80mm', label: t('paperRoll') },
    { value: 'A4', label: 'A4' },
  ];
  // without `papers`, P is Paper
  const choices = papers ?? (rolls as PaperChoice<string>[] as PaperChoice<P>[]);
  return (
    <Group gap="xs" className={classes.noPrint}>
      <SegmentedControl
        size={size}
        aria-label={t('paper')}
        value={paper}
        onChange={(v) => onPaper(v as P)}
        data={choices}
        styles={size === 'md' ? FINGER_SEGMENTS : undefined}
      />
      <Button
        size={size}
        mih={size === 'md' ? 44 : undefined}
        variant={size === 'md' ? undefined : 'light'}
        onClick={onPrint}
        loading={printing}
        disabled={disabled}
      >
        {label ?? t('print')}
      </Button>
    </Group>
  );
}

/** The class of a printed document that is not a PrintSheet (the shelf labels): it stays visible when the page prints. */
export const printedClass = classes.printed;

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

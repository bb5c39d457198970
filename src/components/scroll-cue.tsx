import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './scroll-cue.module.css';

/**
 * A row wider than the screen (tabs, a segmented choice) that scrolls sideways, its hidden end faded
 * out so a phone user sees there is more; nothing changes where it fits.
 */
export function ScrollCue({ children, style, testId }: { children: ReactNode; style?: CSSProperties; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setMore({ start: el.scrollLeft > 1, end: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const seen = new ResizeObserver(measure);
    seen.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      seen.disconnect();
    };
  }, []);
  return (
    <div ref={ref} className={classes.row} style={style} data-more-start={more.start} data-more-end={more.end} data-testid={testId}>
      <div className={classes.inner}>{children}</div>
    </div>
  );
}

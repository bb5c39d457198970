import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple, MantineThemeProvider } from '@mantine/core';
import { createElement, type ReactNode } from 'react';
import { translate, useLanguage } from '../lib/i18n';

/**
 * Mantine's palettes with shades 6-9 darkened until they meet WCAG 2.2 AA (4.5:1): shade 6 (filled
 * buttons, badges, text in a colour) carries white text at ~4.9:1 and reads at >= 4.6:1 on the page's
 * gray.0; 7 (hover), 8 and 9 step down from there (9 on its light shade 1, the "light" variant, >= 5.8:1).
 * Only the colours the app uses are redefined (a colour added later needs its darker shades here too).
 * Mantine's own teal.6 under white text is 2.55:1, green.6 2.36:1. Shades 0-5 (backgrounds) are Mantine's.
 */
const darker = (name: keyof typeof DEFAULT_THEME.colors, dark: [string, string, string, string]): MantineColorsTuple => {
  const [c0, c1, c2, c3, c4, c5] = DEFAULT_THEME.colors[name];
  return [c0, c1, c2, c3, c4, c5, ...dark];
};

const colors = {
  red: darker('red', ['#c92a2a', '#b52424', '#a11f1f', '#8c1b1b']),
  pink: darker('pink', ['#d71e5e', '#bf265c', '#af2153', '#9d1c49']),
  grape: darker('grape', ['#b32dd5', '#9e33b8', '#8e31a5', '#812c96']),
  indigo: darker('indigo', ['#3e62f4', '#3256e9', '#2a4dd8', '#3148b5']),
  blue: darker('blue', ['#1673c4', '#1767b0', '#155da0', '#145490']),
  teal: darker('teal', ['#0d805d', '#087454', '#06694b', '#065d43']),
  green: darker('green', ['#2a7f39', '#247432', '#1f692d', '#1e5f2b']),
  orange: darker('orange', ['#b65402', '#aa4705', '#9f3d08', '#96320a']),
  // yellow stays bright for filled badges with dark text; its text shades (light variant) darken
  yellow: darker('yellow', [DEFAULT_THEME.colors.yellow[6], DEFAULT_THEME.colors.yellow[7], '#946200', '#855a00']),
};

export const theme = createTheme({
  primaryColor: 'teal',
  colors,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Tamil", "Noto Sans", sans-serif',
  defaultRadius: 'md',
  // a visible ring on keyboard focus only (Mantine's default), in the darker teal
  focusRing: 'auto',
  components: {
    // the menu's focus placeholder (role=presentation) is not allowed inside role=menu; the first item takes focus instead
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // a table wider than the phone scrolls sideways: its scroll region takes keyboard focus (arrow keys scroll it)
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // breadcrumb links are touch targets of at least 24 px (WCAG 2.2 target size)
    Breadcrumbs: { styles: { breadcrumb: { display: 'inline-block', paddingBlock: 5 } } },
  },
});

/** Defaults that carry interface texts: every close button (toasts, dialogs, alerts) is named in the chosen language. */
export function ThemeTexts({ children }: { children: ReactNode }) {
  useLanguage();
  const texts = createTheme({ components: { CloseButton: { defaultProps: { 'aria-label': translate('common', 'close') } } } });
  return createElement(MantineThemeProvider, { theme: texts }, children);
}

/**
 * Secondary ("dimmed") text and placeholders: Mantine's gray.6 is 3.3:1 on white and gray.5 2.1:1;
 * these read at 5.2:1 on gray.1 and 4.7:1 on white.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6770', '--mantine-color-placeholder': '#6c757d' },
  dark: {},
});

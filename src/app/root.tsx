import { MantineProvider } from '@mantine/core';
import { type ComponentType, StrictMode, type ReactNode } from 'react';
import { App } from './app';
import { cssVariablesResolver, theme, ThemeTexts } from './theme';

/**
 * The app inside its providers: one tree for the browser (src/main.tsx) and for the sign-in page
 * prerendered at build time (src/prerender/sign-in-entry.tsx), so hydration finds the same markup.
 */
export function AppRoot({ Router, children }: { Router?: ComponentType<{ children: ReactNode }>; children?: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ThemeTexts>
          <App Router={Router} />
          {children}
        </ThemeTexts>
      </MantineProvider>
    </StrictMode>
  );
}

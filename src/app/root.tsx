import { MantineProvider } from '@mantine/core';
import { StrictMode, type ReactNode } from 'react';
import { App } from './app';
import { cssVariablesResolver, theme, ThemeTexts } from './theme';

/**
 * The app inside its providers: one tree for the browser (src/main.tsx) and for the sign-in page
 * prerendered at build time (src/prerender/sign-in-entry.tsx), so hydration finds the same markup.
 */
export function AppRoot({ location, children }: { location?: string; children?: ReactNode }) {
  return (
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ThemeTexts>
          <App location={location} />
          {children}
        </ThemeTexts>
      </MantineProvider>
    </StrictMode>
  );
}

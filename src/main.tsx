import './lib/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { theme } from './app/theme';
import { expireSessionIfDue } from './stores/session';
import { startPwa } from './offline/pwa';

expireSessionIfDue();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <ModalsProvider>
        <Notifications limit={20} autoClose={5000} position="top-center" />
        <App />
      </ModalsProvider>
    </MantineProvider>
  </StrictMode>,
);

startPwa();

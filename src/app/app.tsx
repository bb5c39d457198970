import { Suspense } from 'react';
import { type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { RedirectIfSignedIn, RequireAccess } from './guards';
import { Layout } from './layout';
import { type AppRoute, ROUTES } from './routes';
// Features' views of their outbox items (the offline layer knows no feature; they register here).
import '../features/shop-order/outbox-views';
import '../features/purchases/outbox-views';
// What a role keeps saved for offline (the offline runtime runs it while online).
import '../features/delivery/keep-saved';
import '../features/profile/keep-saved';

const SIGNED_OUT_ONLY = new Set(['/', '/register']);

/** A page's route: signed-out pages send a signed-in user on, the others check the user's access. */
const route = ({ path, access, Page }: AppRoute) => (
  <Route
    key={path}
    path={path}
    element={
      SIGNED_OUT_ONLY.has(path) ? (
        <RedirectIfSignedIn>
          <Page />
        </RedirectIfSignedIn>
      ) : (
        <RequireAccess access={access}>
          <Page />
        </RequireAccess>
      )
    }
  />
);

/** `Router`: the browser's, or a fixed location's when the sign-in page is prerendered at build time. */
export function App({ Router = BrowserRouter }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <Router>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          {/* a page of its own, without the header and footer (the customer display) */}
          {ROUTES.filter((r) => r.bare).map(route)}
          <Route element={<Layout />}>{ROUTES.filter((r) => !r.bare).map(route)}</Route>
        </Routes>
      </Suspense>
    </Router>
  );
}

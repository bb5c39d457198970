import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../stores/session';
import type { Access } from './routes';

/** Without a signed-in user, or with a role the route does not allow, go to /unauthorized (SPEC §2). */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const user = useSession((s) => s.userInfo);
  const location = useLocation();
  if (access === 'public') return <>{children}</>;
  if (!user || !access.includes(user.role)) {
    // remember where the visitor wanted to go, so signing in from /unauthorized can bring them back
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/unauthorized" replace state={{ from }} />;
  }
  return <>{children}</>;
}

/** A signed-in user who opens sign-in or register goes to the redirect target or /Home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.userInfo);
  const { search } = useLocation();
  if (user) return <Navigate to={safeRedirect(new URLSearchParams(search).get('redirect'))} replace />;
  return <>{children}</>;
}

/** Only same-app paths are followed, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target) return '/Home';
  const path = target.startsWith('/') ? target : `/${target}`;
  if (path.startsWith('//') || path.includes('\\')) return '/Home';
  try {
    const base = 'https://app.invalid';
    const url = new URL(path, base);
    if (url.origin !== base) return '/Home';
    // the sign-in and register screens would only bounce a signed-in user again
    return url.pathname === '/' || url.pathname === '/register' ? '/Home' : `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/Home';
  }
}

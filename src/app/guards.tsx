import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../stores/session';
import type { Access } from './routes';

/** Without a signed-in user, or with a role the route does not allow, go to /unauthorized (SPEC §2). */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const user = useSession((s) => s.userInfo);
  if (access === 'public') return <>{children}</>;
  if (!user || !access.includes(user.role)) return <Navigate to="/unauthorized" replace />;
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
export function safeRedirect(target: string | null): string {
  if (!target) return '/Home';
  const path = target.startsWith('/') ? target : `/${target}`;
  return path.startsWith('//') ? '/Home' : path;
}

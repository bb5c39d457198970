import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { safeRedirect } from '../lib/safe-redirect';
import { useSession } from '../stores/session';
import { type Action, can } from '../lib/can';

/** Who may open a route: anyone, or the signed-in accounts that may do this action (core/permissions.ts). */
export type Access = 'public' | Action;

/** Without a signed-in user, or with a role the route does not allow, go to /unauthorized. */
export function RequireAccess({ access, children }: { access: Access; children: ReactNode }) {
  const user = useSession((s) => s.userInfo);
  if (access === 'public') return <>{children}</>;
  if (!can(user, access)) return <ToUnauthorized />;
  return <>{children}</>;
}

/**
 * Goes to /unauthorized, remembering where the visitor wanted to go (signing in from there brings them back).
 * When another navigation is already under way (logout clears the session and then goes to /), that one wins.
 */
function ToUnauthorized() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const currentKey = (window.history.state as { key?: string } | null)?.key ?? 'default';
    if (currentKey !== location.key) return;
    navigate('/unauthorized', { replace: true, state: { from: `${location.pathname}${location.search}` } });
  }, [location, navigate]);
  return null;
}

/** A signed-in user who opens sign-in or register goes to the redirect target or /Home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.userInfo);
  const { search } = useLocation();
  if (user) return <Navigate to={safeRedirect(new URLSearchParams(search).get('redirect'))} replace />;
  return <>{children}</>;
}

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

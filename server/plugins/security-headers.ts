import type { FastifyInstance } from 'fastify';

/** HSTS for a year, sent only on requests that arrived over TLS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response, with a strict Content-Security-Policy the PWA runs under:
 * scripts only from this origin, no inline scripts, no plugins, no framing.
 * Styles allow 'unsafe-inline' because Mantine sets style attributes.
 * A route that sets its own CSP keeps it (served images use a stricter sandbox policy).
 * HSTS goes with requests over TLS: req.protocol is 'https' for a direct TLS connection, or, only
 * with trustProxy set, when the trusted proxy's X-Forwarded-Proto says so.
 */
export function securityHeaders(extraConnect: string[] = []) {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extraConnect.length ? ` ${extraConnect.join(' ')}` : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return (app: FastifyInstance) => {
    app.addHook('onSend', async (req, reply, payload) => {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('x-frame-options', 'DENY');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-opener-policy', 'same-origin');
      // the sale screen scans barcodes with the camera (this origin only); nothing else may use it
      reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=()');
      return payload;
    });
  };
}

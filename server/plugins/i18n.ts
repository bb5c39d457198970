import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMessageCode, messageText } from '../../core/message-text';
import type { Coded } from '../../core/coded';
import type { Language } from '../../core/schemas/user';

/**
 * The language an Accept-Language header asks for among ours: the tag with the highest q-value
 * (the first one on a tie) whose primary subtag is `ta` or `en`; `*` counts as English; q=0 refuses.
 */
export function requestLanguage(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'en';
  let best: { lang: Language; q: number } | null = null;
  for (const part of value.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const lang: Language | null = primary === 'ta' ? 'ta' : primary === 'en' || primary === '*' ? 'en' : null;
    if (!lang) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang, q };
  }
  return best?.lang ?? 'en';
}

function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const list =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((s) => s.trim());
  if (list.includes('*') || list.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...list.filter(Boolean), field].join(', '));
}

/**
 * Answers carrying a user-facing `{ message, code }` (every error, and success notes such as "code
 * sent") in the request's language: the code's Tamil text when Accept-Language prefers `ta`, else
 * the English one. Such answers vary with Accept-Language.
 */
export function registerI18n(app: FastifyInstance) {
  // a callback hook, not an async one: it runs on every JSON answer (search pages included)
  app.addHook('preSerialization', (req, reply, payload: unknown, done) => done(null, inRequestLanguage(req, reply, payload)));
}

/** A coded message inside an answer (a report's warnings), with its text in the request's language. */
export function localized(req: FastifyRequest, reply: FastifyReply, c: Coded): Coded & { message: string } {
  addVary(reply, 'Accept-Language');
  return { ...c, message: messageText(c.code, requestLanguage(req.headers['accept-language']), c.params) };
}

/**
 * An answer carrying a message code, its message in the request's language (and `Vary:
 * Accept-Language` set); any other payload as it is. The hook above applies it; answers sent
 * outside the hooks (the router's own refusals) call it themselves.
 */
export function inRequestLanguage(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
  const { code, params } = payload as { code?: unknown; params?: unknown };
  if (!isMessageCode(code)) return payload;
  addVary(reply, 'Accept-Language');
  if (requestLanguage(req.headers['accept-language']) !== 'ta') return payload;
  return { ...(payload as object), message: messageText(code, 'ta', params) };
}

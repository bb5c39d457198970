import { CODE } from '../../core/message-codes';
import { fieldError } from './errors';

/** The most characters of an uploaded file's name that are kept (a longer name is cut). */
const UPLOAD_NAME_MAX = 200;

/**
 * What a file name may not hold: control characters (C0, DEL, C1: a NUL cannot even be stored),
 * the bidirectional overrides that make a name read differently from what it is, and U+FFFD, which
 * the multipart parser puts where the name's bytes were not UTF-8.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const REFUSED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffd]/;

/**
 * A multipart file name checked like any other text: refused (400 fileNameInvalid, field `file`)
 * when it holds a character above, else trimmed and cut to UPLOAD_NAME_MAX characters (never
 * between the two halves of a surrogate pair). An empty name gives `fallback`.
 */
export function uploadName(raw: string | undefined, fallback: string): string {
  const name = (raw ?? '').trim();
  if (REFUSED.test(name)) throw fieldError('file', CODE.fileNameInvalid);
  if (!name) return fallback;
  if (name.length <= UPLOAD_NAME_MAX) return name;
  let cut = '';
  for (const ch of name) {
    if (cut.length + ch.length > UPLOAD_NAME_MAX) break;
    cut += ch;
  }
  return cut.trimEnd();
}

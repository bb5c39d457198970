/** Bytes on the wire of one API answer, plain and with each compression a client may ask for. */
import http from 'node:http';

export interface AnswerBytes {
  name: string;
  plain: number;
  br: number;
  gzip: number;
}

function rawLength(
  url: string,
  o: { method?: string; headers: Record<string, string>; body?: string },
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: o.method ?? 'GET', headers: { ...o.headers, ...(o.body ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url}: ${res.statusCode}`));
          else resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
        });
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

export async function answerBytes(
  name: string,
  url: string,
  o: { method?: string; headers: Record<string, string>; body?: string },
): Promise<AnswerBytes> {
  const plain = await rawLength(url, { ...o, headers: { ...o.headers, 'accept-encoding': 'identity' } });
  const br = await rawLength(url, { ...o, headers: { ...o.headers, 'accept-encoding': 'br' } });
  const gzip = await rawLength(url, { ...o, headers: { ...o.headers, 'accept-encoding': 'gzip' } });
  if (br.encoding !== 'br' || gzip.encoding !== 'gzip') throw new Error(`${name}: not compressed (${br.encoding}, ${gzip.encoding})`);
  return { name, plain: plain.bytes, br: br.bytes, gzip: gzip.bytes };
}

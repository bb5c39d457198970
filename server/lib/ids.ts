import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newId = () => randomUUID();
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

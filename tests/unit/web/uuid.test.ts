import { afterEach, describe, expect, it, vi } from 'vitest';
import { newUuid } from '../../../src/lib/uuid';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version 4 UUID from randomUUID where the context is secure', () => {
    expect(newUuid()).toMatch(V4);
  });

  it('makes a version 4 UUID from getRandomValues on plain HTTP (no randomUUID), never the same twice', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const ids = Array.from({ length: 1000 }, () => newUuid());
    for (const id of ids) expect(id).toMatch(V4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

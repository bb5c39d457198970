import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { policyMarkdown } from '../../../server/security/route-policy';

/** A Markdown table without the padding Prettier adds to line its columns up. */
const unpadded = (md: string) => md.replace(/ *\| */g, '|').replace(/\|-+(?=\|)/g, '|---');

/** docs/security.md shows the authorization table the matrix test enforces, exactly (Prettier may pad its columns). */
describe('docs/security.md', () => {
  it('holds the current route policy table', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/security.md'), 'utf8');
    expect(unpadded(doc), 'regenerate the table in docs/security.md §1 from policyMarkdown()').toContain(unpadded(policyMarkdown()));
  });
});

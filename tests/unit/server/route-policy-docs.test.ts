import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { policyMarkdown } from '../../../server/security/route-policy';

/** docs/security.md shows the authorization table the matrix test enforces, exactly. */
describe('docs/security.md', () => {
  it('holds the current route policy table', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/security.md'), 'utf8');
    expect(doc, 'regenerate the table in docs/security.md §1 from policyMarkdown()').toContain(policyMarkdown());
  });
});

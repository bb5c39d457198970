import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The linter's folder rules (eslint.config.js) refuse what the layout forbids; `npm test` runs the linter. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });
const rulesHit = async (file: string, code: string) =>
  (await eslint.lintText(code, { filePath: path.join(ROOT, file) }))[0].messages.map((m) => m.ruleId);

describe('layout boundaries', () => {
  it('a feature importing another feature fails', async () => {
    const code = "import CartPage from '../cart/cart-page';\nexport const x = CartPage;\n";
    expect(await rulesHit('src/features/home/new-file.tsx', code)).toContain('import-x/no-restricted-paths');
    expect(
      await rulesHit('src/features/cart/new-file.tsx', "import CartPage from './cart-page';\nexport const x = CartPage;\n"),
    ).not.toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('core importing the server or the web app, and the web app importing the server, fail', async () => {
    expect(await rulesHit('core/new-file.ts', "import { buildApp } from '../server/app';\nexport const x = buildApp;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesHit('src/lib/new-file.ts', "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      await rulesHit('src/offline/new-file.ts', "import CartPage from '../features/cart/cart-page';\nexport const x = CartPage;\n"),
    ).toContain('import-x/no-restricted-paths');
  }, 60_000);
});

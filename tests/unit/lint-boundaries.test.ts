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

  it('a role comparison in the web app fails; asking the permission table passes', async () => {
    const compare = "export const f = (u: { role: string }) => u.role === 'admin';\n";
    expect(await rulesHit('src/features/home/new-file.ts', compare)).toContain('no-restricted-syntax');
    expect(
      await rulesHit('src/lib/new-file.ts', 'export const f = (roles: string[], u: { role: string }) => roles.includes(u.role);\n'),
    ).toContain('no-restricted-syntax');
    const asked = "import { can } from '../../lib/can';\nexport const f = (u: { role: 'admin' }) => can(u, 'administer');\n";
    expect(await rulesHit('src/features/home/new-file.ts', asked)).not.toContain('no-restricted-syntax');
  }, 60_000);

  it('a service importing a route, or server/lib importing a service, fails', async () => {
    expect(
      await rulesHit(
        'server/services/sales/new-file.ts',
        "import { ordersRoutes } from '../../routes/orders';\nexport const x = ordersRoutes;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesHit(
        'server/lib/new-file.ts',
        "import { balancesOf } from '../services/khata/customer-balances';\nexport const x = balancesOf;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  }, 60_000);

  it('the shared web layers point one way: lib < stores < offline < data', async () => {
    const hit = 'import-x/no-restricted-paths';
    const store = "import { useSession } from '../stores/session';\nexport const x = useSession;\n";
    const offline = "import { offlineDb } from '../offline/db';\nexport const x = offlineDb;\n";
    const data = "import { useCachedQuery } from '../data/use-cached-query';\nexport const x = useCachedQuery;\n";
    expect(await rulesHit('src/lib/new-file.ts', store)).toContain(hit);
    expect(await rulesHit('src/lib/new-file.ts', data)).toContain(hit);
    expect(await rulesHit('src/stores/new-file.ts', offline)).toContain(hit);
    expect(await rulesHit('src/offline/new-file.ts', data)).toContain(hit);
    // upward is the allowed way
    expect(await rulesHit('src/offline/new-file.ts', store)).not.toContain(hit);
    expect(await rulesHit('src/data/new-file.ts', offline)).not.toContain(hit);
  }, 60_000);
});

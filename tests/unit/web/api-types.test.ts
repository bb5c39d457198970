/**
 * The web's API files (src/features/<feature>/<name>-api.ts) take request and response types from core/schemas
 * (the zod schemas the server declares on its routes and the API tests check every answer against).
 * A shape written here by hand drifts from what the server sends: an `interface`, a `type X = { … }`,
 * or an object type in an `api.get<…>()` call's type arguments is found here by reading each file's
 * syntax tree.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Types that may be declared in an API file because no answer or body has them: what a screen
 * holds (filters, a search form, a hook's state), named by file so the name is no pass elsewhere.
 */
const UI_ONLY: Record<string, string[]> = {
  'src/features/catalog/catalog-api.ts': ['ListFilters', 'SearchQuery'],
  'src/features/delivery/area-orders-api.ts': ['AreaOrdersState'],
  // the counter's view of a sale's UPI collection: core's QR answer and order, side by side
  'src/features/shop-order/upi-collect-api.ts': ['UpiCollect'],
  'src/features/vendor-orders/vendor-orders-api.ts': ['VendorOrdersFilter'],
};

/** Response shapes still written by hand, to replace with core's types (then remove them here). */
const NOT_YET_FROM_CORE: Record<string, string[]> = {};

/** Names of the object shapes a source declares by hand; `api.<method><{ … }>` calls show as `api.get<{…}>`. */
function handWrittenShapes(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const hasObjectType = (node: ts.Node): boolean =>
    ts.isTypeLiteralNode(node) || ts.isMappedTypeNode(node) || !!ts.forEachChild(node, (c) => hasObjectType(c) || undefined);
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node)) found.push(node.name.text);
    else if (ts.isTypeAliasDeclaration(node) && hasObjectType(node.type)) found.push(node.name.text);
    else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'api' &&
      node.typeArguments?.some(hasObjectType)
    )
      found.push(`api.${node.expression.name.text}<{…}>`);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function apiFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? apiFiles(p) : e.name.endsWith('-api.ts') ? [p] : [];
  });
}

describe('the shape check itself', () => {
  it('finds the hand-written shapes the API files used to have', () => {
    const old = `
      export interface AdminUser { _id: string; name: string; role: Role }
      type ListPage = { products: Product[]; totalCount: number; page: number; pages: number };
      export type Gstr1Rows = Array<{ hsn: string; rate: number }>;
      type Patched = Partial<UserDto> & { token: string };
      export const fetchAreas = async () => (await api.get<{ areas: string[] }>('users/misc/areas')).areas;
      export const deleteUser = (id: string) => api.delete<{ message: string }>(\`users/\${id}\`);`;
    expect(handWrittenShapes(old)).toEqual(['AdminUser', 'ListPage', 'Gstr1Rows', 'Patched', 'api.get<{…}>', 'api.delete<{…}>']);
  });

  it('leaves types taken from core, unions of names and the values in a call alone', () => {
    const ok = `
      import type { z } from 'zod';
      export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
      export type Sort = '' | (typeof SORTS)[number];
      export const fetchUsers = () => api.get<UserDto[]>('users');
      export const login = (phone: string, password: string) => api.post<SessionResponse>('users/auth', { phone, password });
      const searchParams: Record<string, string> = { page: '1' };`;
    expect(handWrittenShapes(ok)).toEqual([]);
  });
});

describe('API files take their types from core', () => {
  const files = apiFiles(path.join(ROOT, 'src')).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
  const shapesOf = (f: string) => handWrittenShapes(fs.readFileSync(path.join(ROOT, f), 'utf8'));

  it('declares no response or request shape of its own', () => {
    expect(files.length).toBeGreaterThan(8);
    const found = files.flatMap((f) => {
      const allowed = [...(UI_ONLY[f] ?? []), ...(NOT_YET_FROM_CORE[f] ?? [])];
      return shapesOf(f)
        .filter((name) => !allowed.includes(name))
        .map((name) => `${f}: ${name}`);
    });
    expect(found, "use core/schemas' types (z.infer / z.input of the route's schema) instead").toEqual([]);
  });

  it('lists only types that are still declared', () => {
    const stale = [...Object.entries(UI_ONLY), ...Object.entries(NOT_YET_FROM_CORE)].flatMap(([f, names]) => {
      const declared = fs.existsSync(path.join(ROOT, f)) ? shapesOf(f) : [];
      return names.filter((n) => !declared.includes(n)).map((n) => `${f}: ${n}`);
    });
    expect(stale, 'remove these from the lists').toEqual([]);
  });
});

import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers';

/**
 * server/db/types.ts is written by hand: this compares it with a freshly migrated database. Every table
 * of the public schema (Kysely's migration tables apart) and every column must be declared, and nothing
 * declared may be missing from the database; a column typed with `null` must be nullable and one without
 * NOT NULL; a `Generated<…>` column must have a default (or be an identity or generated column).
 * The types are read with the TypeScript compiler, aliases and Kysely's ColumnType resolved.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const TYPES_FILE = path.join(ROOT, 'server/db/types.ts');
/** Kysely's own bookkeeping, never queried through `Database`. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

interface DeclaredColumn {
  nullable: boolean;
  generated: boolean;
}
type Declared = Map<string, Map<string, DeclaredColumn>>;

/** The tables of the `Database` interface, each with its columns: whether the selected type has null, whether it is Generated. */
function declaredTables(): Declared {
  // the project's resolution, without the DOM and Node typings the types do not need (they more than double the time)
  const program = ts.createProgram([TYPES_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts'],
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TYPES_FILE)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error('server/db/types.ts declares no Database interface');

  const hasNull = (t: ts.Type) => (t.isUnion() ? t.types : [t]).some((u) => (u.flags & ts.TypeFlags.Null) !== 0);
  /** What a select gives: S of ColumnType<S, I, U> (Generated<S> included), else the type itself. */
  const selected = (t: ts.Type, at: ts.Node) => {
    const select = t.getProperty('__select__');
    return select ? checker.getTypeOfSymbolAtLocation(select, at) : t;
  };
  /** Written as Generated<…> (or GeneratedAlways<…>), directly or through an alias of it. */
  const isGenerated = (node: ts.TypeNode | undefined): boolean => {
    if (!node || !ts.isTypeReferenceNode(node)) return false;
    const name = node.typeName.getText(source);
    if (name === 'Generated' || name === 'GeneratedAlways') return true;
    const alias = checker.getSymbolAtLocation(node.typeName)?.declarations?.find(ts.isTypeAliasDeclaration);
    return alias?.getSourceFile() === source ? isGenerated(alias.type) : false;
  };

  const tables: Declared = new Map();
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = member.name.getText(source);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeAtLocation(member.type).getProperties()) {
      const decl = column.declarations?.[0];
      if (!decl) throw new Error(`${table}.${column.name}: no declaration`);
      const type = selected(checker.getTypeOfSymbolAtLocation(column, decl), decl);
      // an import that did not resolve reads as any, which would hide a null
      if (type.flags & ts.TypeFlags.Any) throw new Error(`${table}.${column.name}: its type does not resolve`);
      columns.set(column.name, {
        nullable: hasNull(type),
        generated: ts.isPropertySignature(decl) && isGenerated(decl.type),
      });
    }
    tables.set(table, columns);
  }
  return tables;
}

interface DbColumn {
  table_name: string;
  column_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: string;
}

let ctx: TestContext;
let declared: Declared;
let actual: Map<string, Map<string, DbColumn>>;

beforeAll(async () => {
  ctx = await createTestApp({}, { seed: false });
  declared = declaredTables();
  const { rows } = await sql<DbColumn>`
    SELECT c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND NOT (c.table_name = ANY(${MIGRATION_TABLES}))
    ORDER BY c.table_name, c.ordinal_position`.execute(ctx.handle.db);
  actual = new Map();
  for (const r of rows) {
    if (!actual.has(r.table_name)) actual.set(r.table_name, new Map());
    actual.get(r.table_name)!.set(r.column_name, r);
  }
  // migrating and type-checking take a while on a busy machine
}, 240_000);
afterAll(async () => ctx?.close());

/** Each table present on both sides, with its declared and actual columns. */
const bothSides = () =>
  [...declared].flatMap(([table, columns]) => {
    const db = actual.get(table);
    return db ? [{ table, columns, db }] : [];
  });

describe('server/db/types.ts matches the migrated database', () => {
  it('reads the Database interface and the database', () => {
    // a parse that found nothing would make every other check pass
    expect(declared.size).toBeGreaterThan(10);
    expect(declared.get('orders')?.get('id')).toEqual({ nullable: false, generated: false });
    expect(declared.get('orders')?.get('customer_id')).toEqual({ nullable: true, generated: false });
    expect(declared.get('orders')?.get('order_number')).toEqual({ nullable: false, generated: true });
    expect(actual.size).toBeGreaterThan(10);
  });

  it('declares every table, and no table the database lacks', () => {
    expect({
      missingFromTypes: [...actual.keys()].filter((t) => !declared.has(t)).sort(),
      missingFromDatabase: [...declared.keys()].filter((t) => !actual.has(t)).sort(),
    }).toEqual({ missingFromTypes: [], missingFromDatabase: [] });
  });

  it('declares every column, and no column the database lacks', () => {
    const sides = bothSides();
    expect({
      missingFromTypes: sides.flatMap(({ table, columns, db }) =>
        [...db.keys()].filter((c) => !columns.has(c)).map((c) => `${table}.${c}`),
      ),
      missingFromDatabase: sides.flatMap(({ table, columns, db }) =>
        [...columns.keys()].filter((c) => !db.has(c)).map((c) => `${table}.${c}`),
      ),
    }).toEqual({ missingFromTypes: [], missingFromDatabase: [] });
  });

  it('types a nullable column with null, and a NOT NULL column without', () => {
    const wrong = bothSides().flatMap(({ table, columns, db }) =>
      [...columns].flatMap(([name, c]) => {
        const col = db.get(name);
        if (!col || c.nullable === (col.is_nullable === 'YES')) return [];
        return [`${table}.${name}: ${col.is_nullable === 'YES' ? 'nullable, typed without null' : 'NOT NULL, typed with null'}`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('gives every Generated column a default', () => {
    const none = bothSides().flatMap(({ table, columns, db }) =>
      [...columns].flatMap(([name, c]) => {
        const col = db.get(name);
        const defaulted = col && (col.column_default !== null || col.is_identity === 'YES' || col.is_generated === 'ALWAYS');
        return c.generated && col && !defaulted ? [`${table}.${name}`] : [];
      }),
    );
    expect(none, 'Generated columns without a default').toEqual([]);
  });
});

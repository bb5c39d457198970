import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed-demo';

/*
 * The API tests' template databases, made once per run: migrated, and migrated with the demo data.
 * Each test app starts from a copy (PGlite: the data folder's tarball, opened without initdb, about
 * 1 s instead of 5; PostgreSQL: CREATE DATABASE ... TEMPLATE). Every file still gets a database of
 * its own.
 */
export interface Templates {
  /** PGlite tarballs: [migrated, seeded]. */
  files?: { migrated: string; seeded: string };
  /** PostgreSQL template database names: [migrated, seeded]. */
  databases?: { migrated: string; seeded: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiTemplates: Templates;
  }
}

const adminQuery = async (serverUrl: string, sql: string) => {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const names = { migrated: `tpl_migrated_${suffix}`, seeded: `tpl_seeded_${suffix}` };
    for (const [kind, name] of Object.entries(names)) {
      await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const h = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      await migrateToLatest(h.db);
      if (kind === 'seeded') await seedDemo(h.db);
      await h.close();
    }
    project.provide('apiTemplates', { databases: names });
    return async () => {
      for (const name of Object.values(names)) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nk-api-templates-'));
  const files = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const h = await openDatabase({});
  await migrateToLatest(h.db);
  fs.writeFileSync(files.migrated, Buffer.from(await (await h.dumpDataDir!()).arrayBuffer()));
  await seedDemo(h.db);
  fs.writeFileSync(files.seeded, Buffer.from(await (await h.dumpDataDir!()).arrayBuffer()));
  await h.close();
  project.provide('apiTemplates', { files });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

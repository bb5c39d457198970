import type { Db } from '.';

/**
 * Whether an empty database gets the demo data (whose accounts, admin included, share a public password).
 * `SEED_DEMO=1` asks for it and `SEED_DEMO=0` refuses it; otherwise only the embedded default database
 * of a non-production start (the `npm ci && npm start` newcomer path) is seeded. A production start, or
 * any start on a PostgreSQL server, creates no account: the first admin comes from `npm run create-admin`.
 */
export function shouldSeedDemo(env: NodeJS.ProcessEnv, usesServerDatabase: boolean): boolean {
  if (env.SEED_DEMO === '1') return true;
  if (env.SEED_DEMO === '0') return false;
  return env.NODE_ENV !== 'production' && !usesServerDatabase;
}

/** Seeds demo data when the database has no users. Returns true when it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const { seedDemo } = await import('./seed-demo');
  await seedDemo(db);
  return true;
}

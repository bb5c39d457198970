import type { Db } from '.';

/** Seeds demo data when the database has no users. Returns true when it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const { seedDemo } = await import('./seed-demo');
  await seedDemo(db);
  return true;
}

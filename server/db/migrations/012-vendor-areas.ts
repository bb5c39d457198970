import { type Kysely, sql } from 'kysely';

/**
 * The areas each shop delivers to. A vendor without rows has not chosen and delivers everywhere (so
 * existing and newly promoted vendors keep selling); with rows, customers whose delivery address is
 * in another area neither see its products nor can order them. A change moves the catalogue
 * version (migration 003), so cached pages that filtered by area drop at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendor_areas (
      vendor_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      area text NOT NULL REFERENCES areas(name) ON UPDATE CASCADE ON DELETE CASCADE,
      PRIMARY KEY (vendor_id, area)
    )`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER vendor_areas_catalog_version
      AFTER INSERT OR UPDATE OR DELETE ON vendor_areas
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version()`.execute(db);
  await sql`
    CREATE TRIGGER vendor_areas_catalog_version_truncate
      AFTER TRUNCATE ON vendor_areas FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS vendor_areas`.execute(db);
}

import { CODE } from '../../../core/message-codes';
import { type Kysely, sql } from 'kysely';
import { idSchema } from '../../../core/schemas/common';
import type { CategoryDto, CategoryInput } from '../../../core/schemas/category';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { badRequest, fieldError, note, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';

const isUniqueViolation = (e: unknown) => (e as { code?: string })?.code === '23505';

interface SubRow {
  id: string;
  name: string;
  position: number;
}

/**
 * Pairs the saved subcategories with the edited list so renames keep products attached:
 * 1. a saved row whose name is still listed (ignoring case) is kept (its spelling and position updated);
 * 2. when the list keeps its length, the remaining saved rows are renamed to the remaining new names in order;
 * 3. remaining saved rows are removed, remaining new names inserted.
 */
export function planSubcategoryChanges(saved: SubRow[], names: string[]) {
  const oldRows = [...saved].sort((a, b) => a.position - b.position);
  const keep: { id: string; name: string; position: number }[] = [];
  const matched = new Set<string>();
  const unmatchedNew: { name: string; position: number }[] = [];
  names.forEach((name, position) => {
    const row = oldRows.find((r) => !matched.has(r.id) && r.name.toLowerCase() === name.toLowerCase());
    if (row) {
      matched.add(row.id);
      keep.push({ id: row.id, name, position });
    } else unmatchedNew.push({ name, position });
  });
  let unmatchedOld = oldRows.filter((r) => !matched.has(r.id));
  const rename: { id: string; from: string; name: string; position: number }[] = [];
  if (oldRows.length === names.length) {
    const n = Math.min(unmatchedOld.length, unmatchedNew.length);
    for (let i = 0; i < n; i++) rename.push({ id: unmatchedOld[i].id, from: unmatchedOld[i].name, ...unmatchedNew[i] });
    unmatchedOld = unmatchedOld.slice(n);
    unmatchedNew.splice(0, n);
  }
  return { keep, rename, remove: unmatchedOld, insert: unmatchedNew };
}

function assertDistinct(names: string[]) {
  const seen = new Set<string>();
  for (const n of names) {
    const k = n.toLowerCase();
    if (seen.has(k)) throw fieldError('subcategories', CODE.subcategoryTwice, { name: n });
    seen.add(k);
  }
}

export class CategoriesService {
  constructor(private readonly db: Db) {}

  /** Per category, its subcategories' names and Tamil names in their saved order. */
  private async subsOf(db: Kysely<Database>, categoryIds: string[]) {
    const map = new Map<string, { names: string[]; namesTa: string[] }>();
    if (!categoryIds.length) return map;
    const rows = await db
      .selectFrom('subcategories')
      .select(['category_id', 'name', 'name_ta'])
      .where('category_id', 'in', categoryIds)
      .orderBy('position')
      .orderBy('name')
      .execute();
    for (const r of rows) {
      let subs = map.get(r.category_id);
      if (!subs) map.set(r.category_id, (subs = { names: [], namesTa: [] }));
      subs.names.push(r.name);
      subs.namesTa.push(r.name_ta);
    }
    return map;
  }

  private static dto(c: { id: string; name: string; name_ta: string }, subs?: { names: string[]; namesTa: string[] }): CategoryDto {
    return { _id: c.id, name: c.name, nameTa: c.name_ta, subcategories: subs?.names ?? [], subcategoriesTa: subs?.namesTa ?? [] };
  }

  async list(): Promise<CategoryDto[]> {
    const cats = await this.db
      .selectFrom('categories')
      .select(['id', 'name', 'name_ta'])
      .orderBy(sql`lower(name)`)
      .execute();
    const subs = await this.subsOf(
      this.db,
      cats.map((c) => c.id),
    );
    return cats.map((c) => CategoriesService.dto(c, subs.get(c.id)));
  }

  async get(id: string, db: Kysely<Database> = this.db): Promise<CategoryDto> {
    if (!idSchema.safeParse(id).success) throw notFound(CODE.categoryNotFound);
    const c = await db.selectFrom('categories').select(['id', 'name', 'name_ta']).where('id', '=', id).executeTakeFirst();
    if (!c) throw notFound(CODE.categoryNotFound);
    const subs = await this.subsOf(db, [c.id]);
    return CategoriesService.dto(c, subs.get(c.id));
  }

  async byName(name: string): Promise<CategoryDto> {
    const c = await this.db
      .selectFrom('categories')
      .select(['id', 'name', 'name_ta'])
      .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
      .executeTakeFirst();
    if (!c) throw notFound(CODE.categoryNotFound);
    const subs = await this.subsOf(this.db, [c.id]);
    return CategoriesService.dto(c, subs.get(c.id));
  }

  /** { Category: [subcategories...] } for product forms and filters. */
  async categorySubcategoryList(): Promise<Record<string, string[]>> {
    const list = await this.list();
    return Object.fromEntries(list.map((c) => [c.name, c.subcategories]));
  }

  private async assertNameFree(db: Kysely<Database>, name: string, exceptId?: string) {
    let q = db
      .selectFrom('categories')
      .select('id')
      .where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw fieldError('name', CODE.categoryNameTaken, { name });
  }

  async create(input: CategoryInput): Promise<CategoryDto> {
    assertDistinct(input.subcategories);
    try {
      return await this.db.transaction().execute(async (trx) => {
        await this.assertNameFree(trx, input.name);
        const id = newId();
        await trx.insertInto('categories').values({ id, name: input.name, name_ta: input.nameTa }).execute();
        if (input.subcategories.length) {
          await trx
            .insertInto('subcategories')
            .values(
              input.subcategories.map((name, position) => ({
                id: newId(),
                category_id: id,
                name,
                name_ta: input.subcategoriesTa[position] ?? '',
                position,
              })),
            )
            .execute();
        }
        return this.get(id, trx);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw fieldError('name', CODE.categoryNameTaken, { name: input.name });
      throw e;
    }
  }

  async update(id: string, input: CategoryInput): Promise<CategoryDto> {
    assertDistinct(input.subcategories);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const cat = await trx.selectFrom('categories').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
        if (!cat) throw notFound(CODE.categoryNotFound);
        await this.assertNameFree(trx, input.name, id);
        await trx.updateTable('categories').set({ name: input.name, name_ta: input.nameTa }).where('id', '=', id).execute();
        // a subcategory's Tamil name is the one at its position in the edited list
        const ta = (position: number) => input.subcategoriesTa[position] ?? '';

        const saved = await trx.selectFrom('subcategories').select(['id', 'name', 'position']).where('category_id', '=', id).execute();
        const plan = planSubcategoryChanges(saved, input.subcategories);

        if (plan.remove.length) {
          const used = await trx
            .selectFrom('products')
            .select('subcategory_id')
            .where(
              'subcategory_id',
              'in',
              plan.remove.map((r) => r.id),
            )
            .limit(1)
            .executeTakeFirst();
          if (used) {
            const row = plan.remove.find((r) => r.id === used.subcategory_id)!;
            throw fieldError('subcategories', CODE.subcategoryInUse, { name: row.name });
          }
          await trx
            .deleteFrom('subcategories')
            .where(
              'id',
              'in',
              plan.remove.map((r) => r.id),
            )
            .execute();
        }
        // A rename target never equals a saved name (it would have matched), so no unique clash mid-way.
        for (const r of [...plan.keep, ...plan.rename]) {
          await trx
            .updateTable('subcategories')
            .set({ name: r.name, name_ta: ta(r.position), position: r.position })
            .where('id', '=', r.id)
            .execute();
        }
        if (plan.insert.length) {
          await trx
            .insertInto('subcategories')
            .values(plan.insert.map((s) => ({ id: newId(), category_id: id, name: s.name, name_ta: ta(s.position), position: s.position })))
            .execute();
        }
        return this.get(id, trx);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw fieldError('name', CODE.categoryNameTaken, { name: input.name });
      throw e;
    }
  }

  async delete(id: string) {
    return this.db.transaction().execute(async (trx) => {
      const cat = await trx.selectFrom('categories').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!cat) throw notFound(CODE.categoryNotFound);
      const used = await trx.selectFrom('products').select('id').where('category_id', '=', id).limit(1).executeTakeFirst();
      if (used) throw badRequest(CODE.categoryInUse);
      await trx.deleteFrom('categories').where('id', '=', id).execute();
      return note(CODE.categoryDeleted);
    });
  }
}

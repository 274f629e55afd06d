import type { Insertable, Selectable } from 'kysely';
import type { Executor, ImportStagingTable } from '../db/schema.js';
import type { Condition, Finish } from '../collection/schemas.js';
import type { PlannedEntry } from './plan.js';

type StagedRow = Selectable<ImportStagingTable>;

function toRow(importId: string, e: PlannedEntry): Insertable<ImportStagingTable> {
  return {
    import_id: importId,
    key: e.key,
    seq: e.seq,
    card_id: e.card_id,
    finish: e.finish,
    condition: e.condition,
    language: e.language,
    binder_id: e.binder_id,
    existing: e.existing ? 1 : 0,
    quantity: e.quantity,
    purchase_price: e.purchase_price,
    tags: JSON.stringify(e.tags),
    notes: e.notes,
    rows: JSON.stringify(e.rows),
  };
}

function toEntry(r: StagedRow): PlannedEntry {
  return {
    key: r.key,
    seq: Number(r.seq),
    existing: Number(r.existing) === 1,
    card_id: r.card_id,
    finish: r.finish as Finish,
    condition: r.condition as Condition,
    language: r.language,
    binder_id: r.binder_id,
    quantity: Number(r.quantity),
    purchase_price: r.purchase_price,
    tags: JSON.parse(r.tags) as string[],
    notes: r.notes,
    rows: JSON.parse(r.rows) as number[],
  };
}

/** The staged plans of imports in progress (`import_staging`). */
export function createImportPlanStore(db: Executor) {
  return {
    /** The planned entries of this import with these keys. */
    async planned(importId: string, keys: readonly string[]): Promise<PlannedEntry[]> {
      const out: PlannedEntry[] = [];
      for (let i = 0; i < keys.length; i += 500) {
        const rows = await db.selectFrom('import_staging').selectAll().where('import_id', '=', importId).where('key', 'in', keys.slice(i, i + 500)).execute();
        out.push(...rows.map(toEntry));
      }
      return out;
    },

    /** Writes new and grown entries (a grown one replaces its row). */
    async save(importId: string, entries: readonly PlannedEntry[]): Promise<void> {
      for (let i = 0; i < entries.length; i += 500) {
        const chunk = entries.slice(i, i + 500);
        await db.deleteFrom('import_staging').where('import_id', '=', importId).where('key', 'in', chunk.map((e) => e.key)).execute();
        // 14 parameters a row; 100 rows stay under every bound-parameter limit.
        for (let j = 0; j < chunk.length; j += 100) {
          await db.insertInto('import_staging').values(chunk.slice(j, j + 100).map((e) => toRow(importId, e))).execute();
        }
      }
    },

    /** Planned entries in file order, after `afterSeq`. */
    async page(importId: string, afterSeq: number, limit: number): Promise<PlannedEntry[]> {
      const rows = await db.selectFrom('import_staging').selectAll().where('import_id', '=', importId).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
      return rows.map(toEntry);
    },

    async remove(importId: string): Promise<void> {
      await db.deleteFrom('import_staging').where('import_id', '=', importId).execute();
    },

    /** Drops the plans of imports whose id sorts below `floor` (time-ordered ids): ones a crash left behind. */
    async removeBefore(floor: string): Promise<void> {
      await db.deleteFrom('import_staging').where('import_id', '<', floor).execute();
    },
  };
}

export type ImportPlanStore = ReturnType<typeof createImportPlanStore>;

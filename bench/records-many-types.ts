/**
 * The synced copy's write and read cost as connector types come into use: the same `users` work
 * (upserting 1,000 records in batches of 25 over four connectors, as a sync writes pages, then 200
 * lookups by id and 50 searches) on an embedded store on disk where only the `users` entity's
 * search indexes exist, against one where every entity of every connector type in the catalog has
 * its indexes (a service whose connectors span every type). CPU of this process per side, sides
 * alternating over fresh stores; the medians and their ratio.
 *
 * `sy_records` is partitioned by entity so that a statement plans against and writes into its own
 * entity's indexes only (packages/server/src/search/indexes/entity-partitions.ts): the ratio shows
 * whether the other types' indexes still cost anything.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EntitySchema,
  RecordSearch,
  RecordStore,
  createCatalog,
  ensureSearchIndexes,
  migrate,
  openPgliteEngine,
  parseSearchParams,
  type SqlEngine,
} from '@switchyard/server';
import type { Result } from './lib/result.js';
import { median, progress } from './lib/stats.js';

const ROUNDS = 5;
const RECORDS = 1_000;
const BATCH = 25;
const TENANT = 'bench-tenant';

type Side = 'users only' | 'every type';

/** Every searchable entity of every connector type the service ships, grouped by entity name. */
function everyEntitySchema(): EntitySchema[][] {
  const byEntity = new Map<string, EntitySchema[]>();
  for (const family of createCatalog().families()) {
    for (const entity of Object.keys(family.searchableFields)) {
      const schema = family.entitySchema(entity);
      if (schema) byEntity.set(entity, [...(byEntity.get(entity) ?? []), schema]);
    }
  }
  return [...byEntity.values()];
}

/** A user record holding every string field the schema declares at the top level (which differ by type). */
function user(i: number, schema: EntitySchema): { id: string; data: Record<string, unknown> } {
  const id = `U${String(i).padStart(6, '0')}`;
  const data: Record<string, unknown> = { id };
  for (const [field, type] of Object.entries(schema.fields)) {
    if (type === 'string' && !field.includes('.')) data[field] = `${field} ${i % 97} of user ${i}`;
  }
  return { id, data };
}

async function workload(engine: SqlEngine, usersSchema: EntitySchema): Promise<number> {
  const sortField = Object.keys(usersSchema.fields).find((f) => usersSchema.fields[f] === 'string' && !f.includes('.'));
  if (!sortField) throw new Error('the users schema declares no string field to sort by');
  const store = new RecordStore(engine);
  const search = new RecordSearch(engine, { cursorSecret: 'bench-cursor-secret-0123456789abcdef' });
  const scope = (c: number) => ({ tenantId: TENANT, connectorId: `conn-${c}`, entity: 'users' });
  const before = process.cpuUsage();
  for (let start = 0; start < RECORDS; start += BATCH) {
    const batch = Array.from({ length: BATCH }, (_, i) => user(start + i, usersSchema));
    await store.upsert(scope((start / BATCH) % 4), batch);
  }
  for (let i = 0; i < 200; i++) await store.get(scope(i % 4), user((i * 4 * BATCH) % RECORDS, usersSchema).id);
  const query = parseSearchParams(
    { query: { filter: { like: { [sortField]: `${sortField} 1%` } }, sort: [{ [sortField]: 'asc' }] }, limit: 20 },
    usersSchema,
  );
  for (let i = 0; i < 50; i++) await search.search(scope(i % 4), query);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function measure(side: Side, everyType: EntitySchema[][]): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'switchyard-bench-records-'));
  const engine = await openPgliteEngine({ dataDir: join(dir, 'store') });
  try {
    await migrate(engine);
    const users = everyType.find((schemas) => schemas[0]!.entity === 'users')!;
    for (const schemas of side === 'every type' ? everyType : [users]) {
      for (const schema of schemas) await ensureSearchIndexes(engine, schema);
    }
    return await workload(engine, users[0]!);
  } finally {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Result> {
  const everyType = everyEntitySchema();
  if (!everyType.some((schemas) => schemas[0]!.entity === 'users')) throw new Error('no connector type has a searchable users entity');
  const indexes = everyType.flat().length;
  const cpu: Record<Side, number[]> = { 'users only': [], 'every type': [] };
  // A round not counted: the first store a process opens compiles PGlite and warms the JIT.
  await measure('users only', everyType);
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of (round % 2 === 0 ? ['users only', 'every type'] : ['every type', 'users only']) as Side[]) {
      cpu[side].push(await measure(side, everyType));
    }
    progress(
      `round ${round + 1}/${ROUNDS}: users only ${cpu['users only'].at(-1)!.toFixed(0)} ms CPU, every type ${cpu['every type'].at(-1)!.toFixed(0)} ms`,
    );
  }
  const only = median(cpu['users only']);
  const every = median(cpu['every type']);
  return {
    name: 'records-many-types',
    rows: [
      {
        question: "Synced copy: `users` writes and reads with every connector type's search indexes present vs only the users entity's",
        figure: `every type ${every.toFixed(0)} ms CPU`,
        baseline: `users only ${only.toFixed(0)} ms CPU`,
        ratio: every / only,
        target: '—',
        met: null,
        method:
          `${ROUNDS} rounds alternating after one not counted, fresh embedded stores on disk, median CPU of this process: ${RECORDS} users upserted in batches of ${BATCH} ` +
          `over 4 connectors, 200 lookups by id, 50 searches; the "every type" store has the indexes of all ${indexes} searchable entity schemas of the catalog.`,
      },
    ],
    notes: [
      `users only ${cpu['users only'].map((v) => v.toFixed(0)).join(', ')} ms; every type ${cpu['every type'].map((v) => v.toFixed(0)).join(', ')} ms`,
    ],
    data: cpu,
  };
}

/**
 * `like 'abc%'` sorted by the same field is answered by one ordered index scan per spelling of
 * the prefix (src/search/plan/prefix-ranges.ts). The hits must be exactly those of the lower() range
 * the plain plan uses, in sort order, page after page: checked here against SQL that states the
 * rule directly, on data with every spelling, the two non-ASCII letters whose lower() is ASCII
 * (U+212A KELVIN SIGN, U+0130 CAPITAL I WITH DOT ABOVE), and names on either side of each range.
 *
 * @module-tag connector/messaging
 */
import { describe, expect, it } from 'vitest';
import { EntitySchema } from '../src/index.js';
import { parseSearchParams } from '../src/search/query/parse-search.js';
import { caseInsensitivePrefixRanges, MAX_PREFIX_SPELLINGS } from '../src/search/plan/prefix-ranges.js';
import { planSearch, searchMode } from '../src/search/plan/search-plan.js';
import { engineCases, uniqueTenant } from './support/engines.js';
import { pick, seededRandom } from './support/random.js';
import { useSearchedCopy } from './support/store-fixture.js';

const schema = new EntitySchema('people', { name: 'string', team: 'string', age: 'integer' });

/** Every case of every letter, sometimes with the non-ASCII letters that lower() to k and i. */
function respell(random: () => number, word: string): string {
  return [...word]
    .map((c) => {
      const r = random();
      if (c === 'k' && r < 0.15) return '\u212a';
      if (c === 'i' && r < 0.15) return '\u0130';
      return r < 0.5 ? c.toUpperCase() : c;
    })
    .join('');
}

const STEMS = ['james.smith', 'james.sand', 'jamesson', 'jam', 'ken.thompson', 'kelvin', 'ibrahim', 'ida', 'iris', 'abcdefghij.k'];
const NEIGHBOURS = ['james.r', 'james.t', 'jamer', 'jan', 'kem', 'keo', 'ia', 'ib~', 'abcdefghij', '~', ' ', 'Ω', 'ü'];

function people(count: number): { id: string; data: Record<string, unknown> }[] {
  const random = seededRandom(7);
  return Array.from({ length: count }, (_, i) => {
    const r = random();
    const name = r < 0.05 ? undefined : r < 0.08 ? null : r < 0.8 ? respell(random, pick(random, STEMS)) : pick(random, NEIGHBOURS);
    const data: Record<string, unknown> = { team: pick(random, ['core', 'edge']), age: Math.floor(random() * 70) };
    if (name !== undefined) data['name'] = name;
    return { id: `p${String(i).padStart(4, '0')}`, data };
  });
}

const RECORDS = people(600);
const PREFIXES = ['james.s', 'JAMES.', 'jam', 'ken', 'k', 'ib', 'i', 'abcdefghij.k', 'a'];

describe('prefix spellings', () => {
  it('cover every spelling, in code point order, and stop spelling out at the cap', () => {
    expect(caseInsensitivePrefixRanges('ab').map((r) => r.from)).toEqual(['AB', 'Ab', 'aB', 'ab']);
    expect(caseInsensitivePrefixRanges('k.').map((r) => [r.from, r.to])).toEqual([
      ['K.', 'K/'],
      ['k.', 'k/'],
      ['\u212a.', '\u212a/'],
    ]);
    expect(caseInsensitivePrefixRanges('1.2')).toHaveLength(1);
    const long = caseInsensitivePrefixRanges('abcdefghij');
    expect(long.length).toBeLessThanOrEqual(MAX_PREFIX_SPELLINGS);
    expect(long[0]!.from).toBe('ABCDEF');
  });
});

describe.each(engineCases)('prefix like sorted by the same field on $name', (engineCase) => {
  const { skip } = engineCase;
  const scope = { tenantId: uniqueTenant('prefix-sort'), connectorId: 'people-1', entity: 'people' };
  const copy = useSearchedCopy(engineCase, schema, scope, RECORDS);

  /** The rule, stated directly: lower() starts with the lowered prefix; code point order, then id. */
  async function expected(prefix: string, direction: 'asc' | 'desc', team?: string): Promise<string[]> {
    const rows = await copy.engine.query<{ record_id: string }>(
      `SELECT record_id FROM sy_records
        WHERE tenant_id = $1 AND connector_id = $2 AND entity = $3
          AND starts_with(lower(data ->> 'name'), $4) AND ($5::text IS NULL OR data ->> 'team' = $5::text)
        ORDER BY (data ->> 'name') COLLATE "C" ${direction}, record_id ${direction}`,
      [scope.tenantId, scope.connectorId, scope.entity, prefix.toLowerCase(), team ?? null],
    );
    return rows.map((r) => r.record_id);
  }

  async function everyPage(query: Record<string, unknown>, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 200; page++) {
      const response = await copy.search.search(scope, parseSearchParams({ query, limit, ...(cursor ? { cursor } : {}) }, schema));
      ids.push(...response.hits.map((h) => h.id));
      cursor = response.next_cursor;
      if (!cursor) return ids;
    }
    throw new Error('more than 200 pages');
  }

  it.skipIf(skip)('the spelled-out plan is the one used', () => {
    const parsed = parseSearchParams({ query: { filter: { like: { name: 'james.s%' } }, sort: [{ name: 'asc' }] } }, schema);
    expect(planSearch(scope, parsed, searchMode(parsed), null).sql).toContain('jsonb_to_recordset');
  });

  for (const direction of ['asc', 'desc'] as const) {
    it.skipIf(skip)(`every prefix, ${direction}, whole filter or one condition of an and, paged 7 and 50 at a time`, async () => {
      let nonEmpty = 0;
      for (const prefix of PREFIXES) {
        const want = await expected(prefix, direction);
        if (want.length > 0) nonEmpty++;
        for (const limit of [7, 50]) {
          const alone = await everyPage({ filter: { like: { name: `${prefix}%` } }, sort: [{ name: direction }] }, limit);
          expect(alone, `${prefix} ${direction} ${limit}`).toEqual(want);
        }
        const withTeam = await everyPage(
          { filter: { and: [{ eq: { team: 'edge' } }, { like: { name: `${prefix}%` } }] }, sort: [{ name: direction }] },
          7,
        );
        expect(withTeam, `${prefix} ${direction} and team`).toEqual(await expected(prefix, direction, 'edge'));
      }
      // The data must exercise the rule, or the comparison proves nothing.
      expect(nonEmpty).toBeGreaterThanOrEqual(PREFIXES.length - 1);
      expect(RECORDS.some((r) => String(r.data['name'] ?? '').includes('\u212a'))).toBe(true);
      expect(RECORDS.some((r) => String(r.data['name'] ?? '').includes('\u0130'))).toBe(true);
    });
  }
});

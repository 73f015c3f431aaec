/**
 * The fixed mix of query shapes the search benchmark times. Each shape has 10 parameter variants
 * that the runs rotate through, so a shape is not one cached plan over one cached page. Between
 * them they use every operator of the query language, nested paths, sort, keyset paging deep into
 * a result and projection.
 */
import { TEAM_IDS, channelId } from './search-dataset.js';

export interface Shape {
  /** Short label for tables. */
  readonly name: string;
  /** Search params for variant v (0..9). */
  readonly params: (v: number) => Record<string, unknown>;
  /** Pages to walk (untimed) before the timed request: the deep keyset paging shape. */
  readonly skipPages?: number;
}

const TITLES = ['Designer', 'Recruiter', 'Data Scientist', 'Support Lead', 'Sales Engineer'];
const TZS = ['Europe/Paris', 'Asia/Tokyo', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata'];
const COLORS = ['9f69e7', '4bbe2e', 'e7392d', '3c989f'];
const PREFIXES = ['ada.l', 'grace.h', 'linus.t', 'james.s', 'mary.j', 'hedy.l', 'priya.p', 'hugo.d', 'ken.t', 'sofia.r'];
const INFIXES = ['ovela', 'oppe', 'orval', 'amilt', 'iskov', 'ijkst', 'itchi', 'amarr', 'anaka', 'efebv'];
/**
 * Typos of names that exist (a dropped, doubled, swapped or replaced letter, words swapped): half
 * of common names (thousands of close matches), half of rare ones (a handful).
 */
const TYPOS = [
  'grace hoper',
  'jmaes smith',
  'ada lovelase',
  'mary jonson',
  'linus torvals',
  'smith robert',
  'margret hamilton',
  'john willaims',
  'hedy lamar',
  'micheal brown',
];
/** Two rare words (each in 1 record of 2,000, see RARE_EVERY in search-dataset.ts). */
const RARE = Array.from({ length: 10 }, (_, v) => `zq${v * 37 + 5} zq${v * 41 + 11}`);
/** In roughly 40–95 % of the records. */
const COMMON = ['data', 'team', 'customers', 'product', 'work', 'data build', 'team people', 'platform', 'love', 'help'];
const SKILLS = ['postgres', 'rust', 'kafka', 'figma', 'terraform', 'python', 'graphql', 'swift', 'dbt', 'security'];
const LOCALES = ['fr-FR', 'de-DE', 'ja-JP', 'es-ES', 'pt-BR'];

export const SHAPES: readonly Shape[] = [
  {
    name: 'eq + nested eq (selective)',
    params: (v) => ({ query: { filter: { eq: { team_id: TEAM_IDS[v + 5], 'profile.title': TITLES[v % 5] } } }, limit: 100 }),
  },
  {
    name: 'neq + gt/lte range, sort desc',
    params: (v) => ({
      query: {
        filter: { neq: { deleted: true }, gt: { updated: 1_600_000_000 + v * 1_000_000 }, lte: { updated: 1_700_000_000 } },
        sort: [{ updated: 'desc' }],
      },
      limit: 100,
    }),
  },
  {
    name: 'in + not(in), non-selective',
    params: (v) => ({
      query: { filter: { in: { tz: [TZS[v % 5], TZS[(v + 1) % 5]] }, not: { in: { color: [COLORS[v % 4], COLORS[(v + 2) % 4]] } } } },
      limit: 100,
    }),
  },
  {
    name: 'like prefix, sort asc',
    params: (v) => ({ query: { filter: { like: { name: `${PREFIXES[v]}%` } }, sort: [{ name: 'asc' }] }, limit: 100 }),
  },
  { name: 'like infix', params: (v) => ({ query: { filter: { like: { real_name: `%${INFIXES[v]}%` } } }, limit: 100 }) },
  { name: 'fuzzy (typo), ranked', params: (v) => ({ query: { filter: { fuzzy: { real_name: TYPOS[v] } } }, limit: 20 }) },
  { name: 'keyword, rare words, ranked', params: (v) => ({ query: { filter: { keyword: { about: RARE[v] } } }, limit: 20 }) },
  { name: 'keyword, common word, ranked', params: (v) => ({ query: { filter: { keyword: { about: COMMON[v] } } }, limit: 20 }) },
  {
    name: 'or/and/not with fuzzy and like',
    params: (v) => ({
      query: {
        filter: {
          or: [{ fuzzy: { real_name: TYPOS[(v + 3) % 10] } }, { and: [{ eq: { is_admin: true } }, { like: { name: `${PREFIXES[v]}%` } }] }],
          not: { eq: { deleted: true } },
        },
      },
      limit: 20,
    }),
  },
  {
    name: 'contains + nested eq',
    params: (v) => ({ query: { filter: { contains: { skills: SKILLS[v] }, eq: { 'profile.locale': LOCALES[v % 5] } } }, limit: 100 }),
  },
  {
    name: 'any (element eq + gte)',
    params: (v) => ({
      query: {
        filter: { any: { memberships: { eq: { channel: channelId(40 + v * 13), role: 'admin' }, gte: { joined: 1_550_000_000 } } } },
      },
      limit: 100,
    }),
  },
  {
    name: 'keyset page 51 + projection',
    params: (v) => ({
      query: { filter: { gte: { updated: 1_500_000_000 + v * 2_000_000 }, lt: { updated: 1_700_000_000 } }, sort: [{ updated: 'desc' }] },
      fields: ['id', 'name', 'profile.email', 'updated'],
      limit: 100,
    }),
    skipPages: 50,
  },
];

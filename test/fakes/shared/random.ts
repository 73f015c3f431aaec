/**
 * Seeded randomness for the fakes' datasets. Every fake builds its data from a fixed seed so two
 * runs (and two machines) see the same records, ids and timestamps: snapshot tests and benchmark
 * numbers stay comparable.
 */

export interface Random {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  /** `length` characters from `alphabet`. */
  chars(alphabet: string, length: number): string;
  hex(length: number): string;
  /** RFC 4122 version-4 shaped UUID. */
  uuid(): string;
}

/** mulberry32: tiny, fast and good enough for test data (not for anything secret). */
export function createRandom(seed: number | string): Random {
  let state = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const chars = (alphabet: string, length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    sample(items, count) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.min(count, copy.length));
    },
    chars,
    hex: (length) => chars('0123456789abcdef', length),
    uuid() {
      const h = chars('0123456789abcdef', 32);
      const variant = '89ab'[Math.floor(next() * 4)];
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    },
  };
}

/** FNV-1a, so string seeds ("slack", "greenhouse:files") map to stable numbers. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The cursors that led to a page, so a cursor the vendor hands back a second time is caught
 * before it is followed (a vendor bug that would otherwise make `for await` endless).
 *
 * Pages form a tree: `first.getNextPage()` may be called twice, and iteration may restart from
 * any page. A trail is therefore one page's ancestry, not a per-client set. Trails along a
 * straight chain share one Map (cursor → position), so checking and extending cost O(1); a
 * trail that branches off an older page copies only its own ancestry.
 */
export class CursorTrail {
  private constructor(
    private readonly positions: Map<string, number>,
    /** How many entries of `positions` belong to this trail (the rest belong to a longer branch). */
    private readonly length: number,
  ) {}

  /** The trail of a first page; its request cursor (given or defaulted) counts as seen. */
  static start(cursor: unknown): CursorTrail {
    const positions = new Map<string, number>();
    if (cursor !== undefined && cursor !== null && cursor !== '') positions.set(cursorKey(cursor), 0);
    return new CursorTrail(positions, positions.size);
  }

  has(cursor: unknown): boolean {
    const at = this.positions.get(cursorKey(cursor));
    return at !== undefined && at < this.length;
  }

  /** The trail of the page fetched with `cursor`. The caller has checked `has(cursor)` is false. */
  extend(cursor: unknown): CursorTrail {
    const key = cursorKey(cursor);
    if (this.positions.size === this.length) {
      // This trail is the tip of its Map: extend it in place.
      this.positions.set(key, this.length);
      return new CursorTrail(this.positions, this.length + 1);
    }
    // A sibling branch already extended the shared Map: copy this trail's own entries.
    const own = new Map<string, number>();
    for (const [k, at] of this.positions) if (at < this.length) own.set(k, at);
    own.set(key, this.length);
    return new CursorTrail(own, this.length + 1);
  }

  /** How many cursors led to this page. */
  get size(): number {
    return this.length;
  }
}

/** Cursors that go out on the wire the same way are the same cursor (page 2 and "2"). */
function cursorKey(cursor: unknown): string {
  return typeof cursor === 'object' && cursor !== null ? JSON.stringify(cursor) : String(cursor);
}

/**
 * List results: awaiting gives one page; iterating gives every record across pages and stops
 * fetching as soon as the loop breaks. The next cursor is read from the page's meta (the member
 * the spec names), so the same class pages both modes.
 *
 * A vendor that hands back a cursor already followed (the same token, next URL or page number)
 * would make iteration endless; every page remembers the cursors that led to it and refuses to
 * follow one of them again with a PaginationLoopError.
 */
import { NoNextPageError, PaginationLoopError } from './errors.js';
import type { ExecuteResult } from './executor.js';
import type { RequestOptions } from './http-client.js';
import type { PaginationRule } from './metadata.js';
import { CursorTrail } from '../internal/cursor-trail.js';
import { redactCursor } from '../internal/redact-cursor.js';

export type PageFetcher<T, M> = (params: Record<string, unknown>, options?: RequestOptions) => Promise<ExecuteResult<T[], M>>;

/** What a page needs to fetch the next one and to name itself in errors. */
export interface PageSource<T, M> {
  fetchPage: PageFetcher<T, M>;
  /** The params this page was requested with (the next page's are these plus its cursor). */
  params: Record<string, unknown>;
  rule: PaginationRule | undefined;
  options?: RequestOptions | undefined;
  /** The connector's name (`messaging`). */
  connector: string;
  /** `<connector> <entity>.<action>` (`messaging users.list`). */
  operation: string;
  /**
   * The cursor the first page was requested with when `params` does not show it (a defaulted
   * page number); it counts as followed.
   */
  firstCursor?: unknown;
}

export class Page<T, M = Record<string, unknown>> implements AsyncIterable<T>, ExecuteResult<T[], M> {
  readonly data: T[];
  readonly meta: M;
  readonly #source: PageSource<T, M>;
  readonly #trail: CursorTrail;

  constructor(result: ExecuteResult<T[], M>, source: PageSource<T, M>, trail?: CursorTrail) {
    this.data = result.data;
    this.meta = result.meta;
    this.#source = source;
    this.#trail = trail ?? CursorTrail.start(source.rule ? (source.params[source.rule.cursorParam] ?? source.firstCursor) : undefined);
  }

  /** The cursor of the following page, or null on the last page. */
  nextCursor(): unknown {
    const rule = this.#source.rule;
    if (!rule) return null;
    const value = (this.meta as Record<string, unknown>)[rule.metaMember];
    return value === undefined || value === '' ? null : value;
  }

  hasNextPage(): boolean {
    return this.nextCursor() !== null;
  }

  /** Fetches the following page. Throws NoNextPageError on the last page, PaginationLoopError on a repeated cursor. */
  async getNextPage(): Promise<Page<T, M>> {
    const { rule, operation, connector } = this.#source;
    const cursor = this.nextCursor();
    if (cursor === null || !rule) throw new NoNextPageError(`No next page: ${operation} is on its last page; check hasNextPage() first`);
    if (this.#trail.has(cursor)) {
      const shown = redactCursor(cursor);
      throw new PaginationLoopError(
        `${operation}: the vendor returned the cursor ${JSON.stringify(shown)}, which this iteration has already ` +
          'followed; following it again would fetch the same pages forever, so iteration stopped (a vendor pagination bug).',
        { connector, operation, cursor: shown },
      );
    }
    const params = { ...this.#source.params, [rule.cursorParam]: cursor };
    const source: PageSource<T, M> = { ...this.#source, params };
    return new Page(await source.fetchPage(params, source.options), source, this.#trail.extend(cursor));
  }

  /** Pages from this one on. */
  async *iterPages(): AsyncGenerator<Page<T, M>, void, undefined> {
    yield this;
    // Each next page is fetched only when the consumer asks for it.
    let page = this.hasNextPage() ? await this.getNextPage() : undefined;
    while (page) {
      yield page;
      page = page.hasNextPage() ? await page.getNextPage() : undefined;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.iterPages()) yield* page.data;
  }

  /** `{data, meta}`, as `execute` returns it. */
  toJSON(): ExecuteResult<T[], M> {
    return { data: this.data, meta: this.meta };
  }
}

/**
 * What a list helper returns: a promise of the first page that is also async-iterable over every
 * record. The first request starts on first use (await or iteration), never twice.
 */
export class PagePromise<T, M = Record<string, unknown>> implements PromiseLike<Page<T, M>>, AsyncIterable<T> {
  #first: Promise<Page<T, M>> | undefined;
  constructor(private readonly load: () => Promise<Page<T, M>>) {}

  private first(): Promise<Page<T, M>> {
    this.#first ??= this.load();
    return this.#first;
  }

  then<R1 = Page<T, M>, R2 = never>(
    onFulfilled?: ((page: Page<T, M>) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.first().then(onFulfilled, onRejected);
  }

  catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<Page<T, M> | R> {
    return this.first().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<Page<T, M>> {
    return this.first().finally(onFinally);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* await this.first();
  }
}

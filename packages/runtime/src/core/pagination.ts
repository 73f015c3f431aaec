/**
 * List results: awaiting gives one page; iterating gives every record across pages and stops
 * fetching as soon as the loop breaks. The next cursor is read from the page's meta (the member
 * the spec names), so the same class pages both modes.
 */
import type { ExecuteResult } from './executor.js';
import type { RequestOptions } from './http-client.js';
import type { PaginationRule } from './metadata.js';

export type PageFetcher<T, M> = (params: Record<string, unknown>, options?: RequestOptions) => Promise<ExecuteResult<T[], M>>;

export class Page<T, M = Record<string, unknown>> implements AsyncIterable<T>, ExecuteResult<T[], M> {
  readonly data: T[];
  readonly meta: M;
  readonly #fetch: PageFetcher<T, M>;
  readonly #params: Record<string, unknown>;
  readonly #rule: PaginationRule | undefined;
  readonly #options: RequestOptions | undefined;

  constructor(
    result: ExecuteResult<T[], M>,
    fetchPage: PageFetcher<T, M>,
    params: Record<string, unknown>,
    rule: PaginationRule | undefined,
    options?: RequestOptions,
  ) {
    this.data = result.data;
    this.meta = result.meta;
    this.#fetch = fetchPage;
    this.#params = params;
    this.#rule = rule;
    this.#options = options;
  }

  /** The cursor of the following page, or null on the last page. */
  nextCursor(): unknown {
    if (!this.#rule) return null;
    const value = (this.meta as Record<string, unknown>)[this.#rule.metaMember];
    return value === undefined || value === '' ? null : value;
  }

  hasNextPage(): boolean {
    return this.nextCursor() !== null;
  }

  async getNextPage(): Promise<Page<T, M>> {
    const cursor = this.nextCursor();
    if (cursor === null || !this.#rule) throw new Error('No next page: check hasNextPage() first');
    const params = { ...this.#params, [this.#rule.cursorParam]: cursor };
    return new Page(await this.#fetch(params, this.#options), this.#fetch, params, this.#rule, this.#options);
  }

  /** Pages from this one on. */
  async *iterPages(): AsyncGenerator<Page<T, M>, void, undefined> {
    let page: Page<T, M> = this;
    for (;;) {
      yield page;
      if (!page.hasNextPage()) return;
      page = await page.getNextPage();
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

/**
 * Base class of every generated connector. Generated entity helpers are a few lines each and
 * delegate here; everything mode-specific sits behind the Executor.
 */
import type { ExecuteResult, Executor } from './executor.js';
import type { RequestOptions } from './http-client.js';
import type { ActionMetadata, ConnectorMetadata, PaginationRule } from './metadata.js';
import { OpenSourceExecutor, type OpenSourceOptions } from './open-source-executor.js';
import { Page, PagePromise, type PageSource } from './pagination.js';
import { ConfigurationError } from './errors.js';

/** entity → action → { params, result } for a connector's typed `execute`. */
export type OperationMap = Record<string, Record<string, { params: unknown; result: unknown }>>;

export class ConnectorClient<Ops extends OperationMap = OperationMap> {
  readonly metadata: ConnectorMetadata;
  readonly executor: Executor;

  constructor(metadata: ConnectorMetadata, options: OpenSourceOptions<unknown, unknown> | { executor: Executor }) {
    // `new XConnector()` from plain JavaScript: say what to pass, not `'executor' in undefined`.
    if (typeof options !== 'object' || options === null || Array.isArray(options))
      throw new ConfigurationError(
        `${metadata.title} connector: give an options object ({ auth: { … } } for open-source mode), or make it with the class's hosted({ … }) for hosted mode`,
      );
    this.executor =
      Object.hasOwn(options, 'executor') && (options as { executor?: Executor }).executor
        ? (options as { executor: Executor }).executor
        : new OpenSourceExecutor(metadata, options as OpenSourceOptions);
    // Pages follow the pagination of the caller's credential kind (variants.ts), resolved by the executor.
    this.metadata = this.executor instanceof OpenSourceExecutor ? this.executor.metadata : metadata;
  }

  get mode(): 'open-source' | 'hosted' {
    return this.executor.mode;
  }

  /** Runs `entity.action` with `params`: the contract's call, resolving to `{ data, meta }`. */
  execute<E extends keyof Ops & string, A extends keyof Ops[E] & string>(
    entity: E,
    action: A,
    ...[params, options]: undefined extends Ops[E][A]['params']
      ? [params?: Ops[E][A]['params'], options?: RequestOptions]
      : [params: Ops[E][A]['params'], options?: RequestOptions]
  ): Promise<Ops[E][A]['result']> {
    return this.executor.execute({ entity, action, params: params as Record<string, unknown> | undefined }, options) as Promise<
      Ops[E][A]['result']
    >;
  }

  /** Low-level helper behind generated list methods. */
  requestPage<T, M>(entity: string, action: string, params: object | undefined, options?: RequestOptions): PagePromise<T, M> {
    // Own properties only: an entity or action named `constructor` must not reach Object.prototype.
    const entityActions = Object.hasOwn(this.metadata.actions, entity) ? this.metadata.actions[entity]! : undefined;
    const actionMetadata = entityActions && Object.hasOwn(entityActions, action) ? entityActions[action] : undefined;
    const rule = actionMetadata?.pagination;
    const fetchPage = (p: Record<string, unknown>, o?: RequestOptions) =>
      this.executor.execute({ entity, action, params: p }, o) as Promise<ExecuteResult<T[], M>>;
    const first = { ...(params as Record<string, unknown> | undefined) };
    const cursorRule =
      rule && actionMetadata && Object.hasOwn(actionMetadata.params, rule.cursorParam)
        ? actionMetadata.params[rule.cursorParam]
        : undefined;
    const source: PageSource<T, M> = {
      fetchPage,
      params: first,
      rule,
      options,
      connector: this.metadata.name,
      operation: `${this.metadata.name} ${entity}.${action}`,
      // A defaulted page number is the first page's cursor even though the caller did not pass it.
      firstCursor: cursorRule?.default,
    };
    if (!(this.executor instanceof OpenSourceExecutor) && actionMetadata?.variants) {
      // The executor does not know the credential kind (hosted mode: the service holds the
      // credentials), so neither do we: each kind fills only its own next-page meta member (the
      // others are null), and the first page says which rule applies.
      const candidates = pagingRulesOf(actionMetadata);
      return new PagePromise(async () => {
        const page = await fetchPage(first, options);
        return new Page<T, M>(page, { ...source, rule: ruleFilledBy(candidates, page.meta) ?? rule });
      });
    }
    return new PagePromise(async () => new Page<T, M>(await fetchPage(first, options), source));
  }

  /** Low-level helper behind generated non-list methods. */
  request<R>(entity: string, action: string, params: object | undefined, options?: RequestOptions): Promise<R> {
    return this.executor.execute({ entity, action, params: params as Record<string, unknown> | undefined }, options) as Promise<R>;
  }
}

/** Base of generated entity helpers (`connector.users`). */
// `any`: a generated resource takes its own connector's client, whatever that client's operation map.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export abstract class Resource<C extends ConnectorClient<any> = ConnectorClient> {
  constructor(protected readonly _client: C) {}
}

/** The action's own pagination rule and each credential kind's, without repeats. */
function pagingRulesOf(action: ActionMetadata): PaginationRule[] {
  const rules = [action.pagination, ...Object.values(action.variants ?? {}).map((variant) => variant.pagination)];
  return rules.filter((rule, i): rule is PaginationRule => rule !== undefined && rules.indexOf(rule) === i);
}

/** The rule whose next-page member this page's meta fills. */
function ruleFilledBy(rules: readonly PaginationRule[], meta: unknown): PaginationRule | undefined {
  if (meta === null || typeof meta !== 'object') return undefined;
  return rules.find((rule) => {
    const value = Object.hasOwn(meta, rule.metaMember) ? (meta as Record<string, unknown>)[rule.metaMember] : undefined;
    return value !== null && value !== undefined && value !== '';
  });
}

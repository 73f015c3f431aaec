// Generated from specs/support-desk.yaml by the Switchyard generator. Do not edit: change the spec and run pnpm generate.
import { ConnectorClient, HostedExecutor, Resource } from '@switchyard/runtime';
import type { Executor, HostedOptions, OpenSourceOptions, PagePromise, RequestOptions } from '@switchyard/runtime';
import { metadata } from './metadata.js';
import type {
  Item,
  ItemsGetParams,
  ItemsListMeta,
  ItemsListParams,
  SupportDeskConnectorAuth,
  SupportDeskConnectorConfig,
  SupportDeskConnectorOperations,
} from './types.js';

/** Open-source mode options: credentials, plus transport settings (baseUrl, fetch, timeout, maxRetries, logger). */
export type SupportDeskConnectorOptions = OpenSourceOptions<SupportDeskConnectorAuth, SupportDeskConnectorConfig>;

/**
 * Support Desk connector on the TODO vendor API name.
 *
 * ```ts
 * const connector = new SupportDeskConnector({ auth: { … } });
 * const page = await connector.execute(entity, action, params); // { data, meta }
 * ```
 */
export class SupportDeskConnector extends ConnectorClient<SupportDeskConnectorOperations> {
  /** The items entity. */
  readonly items: ItemsResource;

  constructor(options: SupportDeskConnectorOptions | { executor: Executor }) {
    super(metadata, options);
    this.items = new ItemsResource(this);
  }

  /**
   * Hosted mode: the connector runs in the Switchyard execution service, which holds the credentials and the
   * synced copy `search` queries. Same methods, results and errors as open-source mode.
   *
   * ```ts
   * const connector = SupportDeskConnector.hosted({ baseUrl, externalUserId, clientId, clientSecret });
   * ```
   */
  static hosted(options: HostedOptions): SupportDeskConnector {
    return new SupportDeskConnector({ executor: new HostedExecutor(metadata, options) });
  }
}

/** Actions of items. */
export class ItemsResource extends Resource<SupportDeskConnector> {
  /**
   * TODO
   *
   * Vendor call: `GET /items`.
   *
   * `await` it for one page (`{ data, meta }`); `for await` over it for every record across pages.
   *
   * Resolves like `execute('items', 'list', params)`: ExecuteResult<Item[], ItemsListMeta>.
   */
  public list(params: ItemsListParams = {}, options?: RequestOptions): PagePromise<Item, ItemsListMeta> {
    return this._client.requestPage('items', 'list', params, options);
  }

  /**
   * TODO
   *
   * Vendor call: `GET /items/{id}`.
   *
   * Resolves like `execute('items', 'get', params)`: ExecuteResult<Item, EmptyMeta>.
   */
  public get(params: ItemsGetParams, options?: RequestOptions): Promise<SupportDeskConnectorOperations['items']['get']['result']> {
    return this._client.request('items', 'get', params, options);
  }
}

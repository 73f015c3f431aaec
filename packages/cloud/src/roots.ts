/**
 * Where the platform lives. Two APIs sit behind one token: the public REST API (connections, jobs,
 * sources, destinations, token) and the config RPC API (catalog, state, job logs). A web root is
 * only needed to build links. Only the public root is required; the others are derived where the
 * platform's layout allows it, because asking users for three URLs invites mismatched ones.
 */
import { ValidationError, type ValidationIssue } from '@switchyard/runtime';
import { baseUrlProblem } from '@switchyard/runtime/internal';

export const CLOUD_API_ROOT = 'https://api.airbyte.com/v1';
export const CLOUD_CONFIG_API_ROOT = 'https://cloud.airbyte.com/api/v1';
export const CLOUD_WEB_ROOT = 'https://cloud.airbyte.com';

/** Self-managed installs serve the public API under this suffix of their host. */
const SELF_MANAGED_PUBLIC_SUFFIX = '/api/public/v1';
const SELF_MANAGED_CONFIG_SUFFIX = '/api/v1';

export interface RootOptions {
  /** Public API root. Default: Airbyte Cloud. Self-managed: `https://<host>/api/public/v1`. */
  apiRoot?: string | undefined;
  /** Config API root. Default: derived from apiRoot; `null` disables the config API. */
  configApiRoot?: string | null | undefined;
  /** Web UI root for connection links. Default: derived from apiRoot; `null` disables links. */
  webRoot?: string | null | undefined;
  /** Token endpoint for client credentials. Default: `{apiRoot}/applications/token`. */
  tokenUrl?: string | undefined;
}

export interface ResolvedRoots {
  apiRoot: string;
  /** null: cannot be derived from apiRoot; the three config-API operations then throw. */
  configApiRoot: string | null;
  /** null: connectionUrl and jobHistoryUrl are null. */
  webRoot: string | null;
  tokenUrl: string;
}

export function resolveRoots(options: RootOptions): ResolvedRoots {
  const issues: ValidationIssue[] = [];
  const check = (name: string, value: string | null | undefined): string | null | undefined => {
    if (value === undefined || value === null) return value;
    const problem = baseUrlProblem(value);
    if (problem) {
      issues.push({ path: name, rule: 'url', message: problem });
      return undefined;
    }
    return trimSlashes(value);
  };
  const apiRoot = check('apiRoot', options.apiRoot) ?? CLOUD_API_ROOT;
  const configApiRoot = check('configApiRoot', options.configApiRoot);
  const webRoot = check('webRoot', options.webRoot);
  const tokenUrl = check('tokenUrl', options.tokenUrl);
  if (issues.length > 0) throw new ValidationError('CloudWorkspace roots', issues);

  const isCloud = apiRoot === CLOUD_API_ROOT;
  const host = apiRoot.endsWith(SELF_MANAGED_PUBLIC_SUFFIX) ? apiRoot.slice(0, -SELF_MANAGED_PUBLIC_SUFFIX.length) : undefined;
  return {
    apiRoot,
    configApiRoot:
      configApiRoot !== undefined
        ? configApiRoot
        : isCloud
          ? CLOUD_CONFIG_API_ROOT
          : host !== undefined
            ? host + SELF_MANAGED_CONFIG_SUFFIX
            : null,
    webRoot: webRoot !== undefined ? webRoot : isCloud ? CLOUD_WEB_ROOT : host !== undefined && host !== '' ? host : null,
    tokenUrl: tokenUrl ?? `${apiRoot}/applications/token`,
  };
}

/** Joins a root and a path with exactly one slash. */
export function joinUrl(root: string, path: string): string {
  return `${trimSlashes(root)}/${path.replace(/^\/+/, '')}`;
}

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}

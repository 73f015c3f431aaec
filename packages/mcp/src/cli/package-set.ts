/**
 * The connector packages a command may use, each imported only when the command needs it.
 *
 * A command that names its types (`exec messaging …`, `describe messaging`, `tools --connector
 * crm`) loads those packages only; listing every type's entities loads them all; `--help` and
 * completion need the type names alone and load none. Importing a connector package is most of
 * what a short command costs beyond Node's own start, and the cost grew with every connector the
 * bin has (packages/mcp/README.md, "The CLI's start"): the bin hands in one loader per type (the
 * service's generated catalog, `BUILT_IN_CONNECTOR_LOADERS`); an embedding may hand in packages it
 * imported already.
 */
import type { ConnectorPackage } from '../connectors/connector-package.js';
import { UsageError } from './options.js';

/** A loader per connector type, keyed by the type (the package's `metadata.name`). */
export type ConnectorPackageLoaders = Readonly<Record<string, () => Promise<ConnectorPackage>>>;

/** What the commands take: packages already imported, or a loader per type. */
export type CommandPackages = readonly ConnectorPackage[] | ConnectorPackageLoaders;

/**
 * What a host hands the commands: the packages, or a function that finds them when a command runs
 * (the bin adds the operator's `--connector-package` plug-ins, which must be imported to learn
 * their types); a failure there is the command's failure, reported as the command reports any.
 */
export type PackagesSource = CommandPackages | (() => Promise<CommandPackages>);

export async function packageSetOf(source: PackagesSource): Promise<PackageSet> {
  return new PackageSet(typeof source === 'function' ? await source() : source);
}

export class PackageSet {
  /** The connector types, sorted. */
  readonly types: readonly string[];
  readonly #loaders: ReadonlyMap<string, () => Promise<ConnectorPackage>>;
  readonly #loaded = new Map<string, Promise<ConnectorPackage>>();

  constructor(packages: CommandPackages) {
    const loaders = new Map<string, () => Promise<ConnectorPackage>>();
    if (isPackageList(packages)) {
      for (const pkg of packages) loaders.set(pkg.metadata.name, () => Promise.resolve(pkg));
    } else {
      for (const type of Object.keys(packages)) loaders.set(type, packages[type]!);
    }
    this.#loaders = loaders;
    this.types = [...loaders.keys()].sort();
  }

  has(type: string): boolean {
    return this.#loaders.has(type);
  }

  /** The package of `type`, or undefined when there is none; imported once, on first use. */
  async get(type: string): Promise<ConnectorPackage | undefined> {
    const load = this.#loaders.get(type);
    if (!load) return undefined;
    let loading = this.#loaded.get(type);
    if (!loading) {
      loading = load().then((pkg) => {
        // A loader keyed by the wrong name would run one type's calls with another type's package.
        if (pkg?.metadata?.name !== type)
          throw new TypeError(`the connector package loaded for type ${JSON.stringify(type)} is ${JSON.stringify(pkg?.metadata?.name)}`);
        return pkg;
      });
      this.#loaded.set(type, loading);
    }
    return loading;
  }

  /** Every package, in type order. */
  all(): Promise<ConnectorPackage[]> {
    return Promise.all(this.types.map(async (type) => (await this.get(type))!));
  }

  /**
   * The packages of `types`, in the order given; unknown or repeated types are usage errors that
   * name what gave them (`--connector` for mcp and tools, the first argument for describe and exec).
   */
  async select(types: readonly string[], given = '--connector'): Promise<ConnectorPackage[]> {
    const seen = new Set<string>();
    for (const type of types) {
      if (!this.has(type))
        throw new UsageError(`${given} ${JSON.stringify(type)}: no such connector type (known: ${this.types.join(', ')})`);
      if (seen.has(type)) throw new UsageError(`${given} ${type} is given twice`);
      seen.add(type);
    }
    return Promise.all(types.map(async (type) => (await this.get(type))!));
  }
}

function isPackageList(packages: CommandPackages): packages is readonly ConnectorPackage[] {
  return Array.isArray(packages);
}

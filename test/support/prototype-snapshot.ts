/**
 * What a request could have changed in the process through a prototype: the own properties (and
 * their values) of the built-in prototypes every object inherits from. Compare a snapshot taken
 * before with one taken after.
 */
const PROTOTYPES = {
  Object: Object.prototype,
  Array: Array.prototype,
  Function: Function.prototype,
  String: String.prototype,
  Number: Number.prototype,
} as const;

export type PrototypeSnapshot = Record<string, Record<string, unknown>>;

export function prototypeSnapshot(): PrototypeSnapshot {
  const out: PrototypeSnapshot = {};
  for (const [name, proto] of Object.entries(PROTOTYPES)) {
    const entry: Record<string, unknown> = { '[[Prototype]]': Object.getPrototypeOf(proto), '[[Extensible]]': Object.isExtensible(proto) };
    for (const key of Reflect.ownKeys(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, key)!;
      entry[String(key)] = 'value' in descriptor ? descriptor.value : [descriptor.get, descriptor.set];
    }
    out[name] = entry;
  }
  return out;
}

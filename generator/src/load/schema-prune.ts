/**
 * Schema and semantic problems are reported in one run. The semantic rules assume the shapes the
 * schema guarantees, so they run on a copy of the spec without the parts the schema refused, and
 * their problems inside such a part are dropped: there the schema problem already says what is
 * wrong, and anything a rule says about a half-removed part would be noise.
 *
 * A refused part is replaced by a neutral stand-in that keeps its name where other parts refer to
 * it by name (a record type, a parameter, a config variable, a named type, a rate group), so a
 * mistake in one place does not turn into "X is not declared" everywhere X is used.
 */
import { basename } from 'node:path';
import { sourceRange, type LoadedSpec } from './yaml.js';
import type { Problem, SpecPath } from '../spec/problems.js';

interface Cut {
  /** The part whose semantic problems are dropped (an action, an entity, a record, …). */
  unit: SpecPath;
  /** What is removed or replaced. */
  target: SpecPath;
  standIn?: unknown;
}

const ANY_PARAM = { type: 'any' };

/** Where to cut for a value the schema refused at `path`. */
export function cutFor(path: SpecPath): Cut {
  const [top, name, sub, subName, , paramName] = path;
  if (name === undefined) return { unit: path.slice(0, 1), target: path.slice(0, 1) };
  if (top === 'entities') {
    if (sub === 'actions' && subName !== undefined) {
      const unit = path.slice(0, 4);
      if (path[4] === 'params' && paramName !== undefined) return { unit, target: path.slice(0, 6), standIn: ANY_PARAM };
      return { unit, target: path.length > 4 ? path.slice(0, 5) : unit };
    }
    if (sub === 'actions') return { unit: path.slice(0, 2), target: path.slice(0, 3), standIn: {} };
    return { unit: path.slice(0, 2), target: path.length > 2 ? path.slice(0, 3) : path.slice(0, 2) };
  }
  if (top === 'records') {
    const unit = path.slice(0, 2);
    if (sub === 'fields' && subName !== undefined) return { unit, target: path.slice(0, 4), standIn: 'any' };
    if (path.length > 2 && sub !== 'fields') return { unit, target: path.slice(0, 3) };
    return { unit, target: unit, standIn: { fields: {} } };
  }
  if (top === 'config' || top === 'replication' || top === 'types') {
    return { unit: path.slice(0, 2), target: path.slice(0, 2), standIn: ANY_PARAM };
  }
  if (top === 'rateLimit' && name === 'groups' && sub !== undefined) {
    return { unit: path.slice(0, 3), target: path.slice(0, 3), standIn: { requestsPerSecond: 1, burst: 1 } };
  }
  if (top === 'auth') return { unit: path.slice(0, 2), target: path.slice(0, 2) };
  return { unit: path.slice(0, 2), target: path.slice(0, 2) };
}

/**
 * The spec's data without the refused parts, and a test for whether a problem lies inside one of
 * them; undefined when the refusal reaches the whole spec (the semantic rules cannot run).
 */
export function withoutRefused(
  spec: LoadedSpec,
  refused: readonly SpecPath[],
): { data: unknown; isInsideRefused: (problem: Problem) => boolean } | undefined {
  if (refused.length === 0) return { data: spec.data, isInsideRefused: () => false };
  if (refused.some((path) => path.length === 0)) return undefined;
  const data = structuredClone(spec.data) as Record<string, unknown>;
  const ranges: [number, number][] = [];
  for (const path of refused) {
    const cut = cutFor(path);
    replace(data, cut.target, cut.standIn);
    const range = sourceRange(spec, cut.unit);
    if (range) ranges.push(range);
  }
  // The spec's required top-level members, so rules that read them find their shapes.
  if (!isObject(data['auth'])) data['auth'] = {};
  if (!isObject(data['entities'])) data['entities'] = {};
  for (const key of ['title', 'vendor', 'baseUrl']) if (typeof data[key] !== 'string') data[key] = '';
  // A refused name is already reported; the file's name stands in so the name rule does not report it twice.
  if (typeof data['name'] !== 'string' || refused.some((path) => path[0] === 'name'))
    data['name'] = basename(spec.file).replace(/\.ya?ml$/, '');
  const offset = (problem: Problem) => (spec.lines.lineStarts[problem.line - 1] ?? 0) + problem.col - 1;
  return {
    data,
    isInsideRefused: (problem) => ranges.some(([start, end]) => offset(problem) >= start && offset(problem) < end),
  };
}

function replace(data: Record<string, unknown>, target: SpecPath, standIn: unknown): void {
  let parent: unknown = data;
  for (const segment of target.slice(0, -1)) {
    if (!isObject(parent) && !Array.isArray(parent)) return;
    parent = (parent as Record<string, unknown>)[String(segment)];
  }
  const last = String(target[target.length - 1]);
  if (!isObject(parent) || !Object.hasOwn(parent, last)) {
    // A missing required member: nothing to replace, but a stand-in keeps the name (records.X.fields).
    if (isObject(parent) && standIn !== undefined && target.length > 0) parent[last] = structuredClone(standIn);
    return;
  }
  if (standIn === undefined) delete parent[last];
  else parent[last] = structuredClone(standIn);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

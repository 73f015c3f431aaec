/**
 * Loads a spec's YAML keeping source positions, so every later problem can name file:line:col.
 * Merge keys (<<: *anchor) are enabled; duplicate keys are errors (a duplicated entity or action
 * would otherwise silently replace the first).
 */
import { readFileSync } from 'node:fs';
import { LineCounter, isAlias, isMap, isPair, isScalar, isSeq, parseDocument, visit, type Document, type Node, type YAMLMap } from 'yaml';
import type { Problem } from '../spec/problems.js';

export interface LoadedSpec {
  file: string;
  source: string;
  doc: Document.Parsed;
  lines: LineCounter;
  data: unknown;
}

export type SpecPath = readonly (string | number)[];

export function loadSpec(file: string, source = readFileSync(file, 'utf8')): { spec?: LoadedSpec; problems: Problem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, merge: true, uniqueKeys: true, prettyErrors: false });
  const problems = syntaxProblems(file, source, doc, lines);
  if (problems.length > 0) return { problems };
  return { spec: { file, source, doc, lines, data: doc.toJS({ maxAliasCount: 1000 }) }, problems };
}

/**
 * Duplicate keys are independent mistakes: each is reported. Syntax errors are not: one unclosed
 * quote or bad indent makes the parser misread everything after it, and reporting each misreading
 * buried the real mistake under dozens of lines. Only the first is reported (with the other
 * messages the parser gave for that same line), and a count of the rest.
 */
function syntaxProblems(file: string, source: string, doc: Document.Parsed, lines: LineCounter): Problem[] {
  const at = (offset: number) => lines.linePos(offset);
  const problems: Problem[] = doc.errors
    .filter((error) => error.code === 'DUPLICATE_KEY')
    .map((error) => ({
      file,
      ...at(error.pos[0]),
      code: 'SY002',
      message: `duplicate key "${/^[^\s:]+/.exec(source.slice(error.pos[0]))?.[0] ?? ''}": ${error.message.split('\n')[0]}`,
      hint: 'each entity, action, parameter and field may appear once; merge or rename the duplicates',
    }));
  const syntax = doc.errors.filter((error) => error.code !== 'DUPLICATE_KEY').sort((a, b) => a.pos[0] - b.pos[0]);
  const unclosed = syntax.length > 0 ? unclosedQuote(doc, syntax[0]!) : undefined;
  if (unclosed) {
    problems.push({
      file,
      ...at(unclosed.start),
      code: 'SY001',
      message: `YAML syntax: the ${unclosed.quote}-quoted string that starts here is never closed`,
      hint: `close it with ${unclosed.quote}, or escape the ${unclosed.quote} inside it`,
    });
  } else if (syntax.length > 0) {
    const first = at(syntax[0]!.pos[0]);
    const sameLine = syntax.filter((error) => at(error.pos[0]).line === first.line);
    const words = [...new Set(sameLine.map((error) => error.message.split('\n')[0]!))].join('; ');
    const rest = syntax.length - sameLine.length;
    problems.push({
      file,
      ...first,
      code: 'SY001',
      message: `YAML syntax: ${words}${rest > 0 ? ` (${rest} further syntax error${rest === 1 ? '' : 's'} after it not shown: they most likely follow from this one)` : ''}`,
      hint: 'fix the YAML syntax here first (indentation, quoting, unclosed brackets), then run again',
    });
  }
  return problems.sort((a, b) => a.line - b.line || a.col - b.col);
}

/**
 * The parser notices an unclosed quote only where the file ends; the string it swallowed starts
 * at the quote the author forgot to close, which is where the problem is reported.
 */
function unclosedQuote(doc: Document.Parsed, error: Document.Parsed['errors'][number]): { start: number; quote: string } | undefined {
  const match = /^Missing closing (["'])quote/.exec(error.message);
  if (!match) return undefined;
  const type = match[1] === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE';
  let start: number | undefined;
  visit(doc, {
    Scalar(_key, node) {
      if (node.type === type && node.range && node.range[0] < error.pos[0]) start = Math.max(start ?? -1, node.range[0]);
    },
  });
  return start === undefined ? undefined : { start, quote: match[1]! };
}

/** Where a node of the data is written in the source. */
export interface Location {
  line: number;
  col: number;
  /**
   * The path where the value is written. Through an alias or merge key this is the anchor's own
   * path (shared.paging.limit), not the path of the use (entities.users.actions.list.params.limit).
   */
  written: (string | number)[];
  /** Every segment of the path was found in the source. */
  complete: boolean;
  /** Set when the value is written inside an anchor: its name and how many aliases use it. */
  anchor?: { name: string; uses: number } | undefined;
}

interface AnchorIndex {
  /** Anchored node → its path and the key node whose value it is (absent at the root or in a list). */
  defined: Map<Node, { path: (string | number)[]; key: Node | undefined }>;
  uses: Map<Node, number>;
}
const indexes = new WeakMap<Document, AnchorIndex>();

/**
 * Where the node at a data path (keys as in the data) is written. Aliases and merge keys are
 * followed to the anchor that defines the value, so a mistake inside an anchor is reported at its
 * definition however many times it is used. Where the path leaves the source tree, the deepest
 * node found is used. `keyOnly`: point at the last key rather than its value.
 */
export function locate(spec: LoadedSpec, path: SpecPath, keyOnly = false): Location {
  const index = anchorIndex(spec.doc);
  let node: unknown = spec.doc.contents;
  let at: Node | null = (spec.doc.contents as Node | null) ?? null;
  let written: (string | number)[] = [];
  let anchor: Location['anchor'];
  /** Follows an alias to its anchor; from there on, paths are the anchor's own. */
  const follow = (value: unknown): unknown => {
    if (!isAlias(value)) return value;
    const source = value.resolve(spec.doc) as Node | undefined;
    const defined = source ? index.defined.get(source) : undefined;
    if (defined) {
      written = [...defined.path];
      anchor = { name: value.source, uses: index.uses.get(source!) ?? 0 };
    }
    return source;
  };
  node = follow(node);
  let found = 0;
  for (const [i, segment] of path.entries()) {
    let key: Node | undefined;
    let raw: unknown;
    if (isMap(node)) {
      const found = findPair(spec.doc, node, segment);
      if (found) {
        if (found.via) follow(found.via);
        key = found.key;
        raw = found.value;
      }
    } else if (isSeq(node)) {
      raw = node.items[Number(segment)];
    }
    if (!raw && !key) break; // the rest of the path is absent: keep the deepest node found
    written = [...written, segment];
    found++;
    const value = follow(raw) as Node | undefined;
    let shown: Node | undefined = value ?? key;
    if (key && ((keyOnly && i === path.length - 1) || !value)) shown = key;
    else if ((isMap(value) || isSeq(value)) && !value.flow) {
      // A block map or list starts on the next line; point at its key, where a reader looks.
      shown = isAlias(raw) ? (index.defined.get(value)?.key ?? value) : (key ?? value);
    }
    node = value;
    at = shown ?? at;
    if (!value) break;
  }
  return { ...spec.lines.linePos(at?.range?.[0] ?? 0), written, complete: found === path.length, anchor };
}

/** Position of the node at a path; see locate. */
export function positionOf(spec: LoadedSpec, path: SpecPath, keyOnly = false): { line: number; col: number } {
  const { line, col } = locate(spec, path, keyOnly);
  return { line, col };
}

/**
 * Source offsets [start, end) of the value at a data path, its key included (so a problem reported
 * at the key falls inside). Undefined when the path is not written in the source.
 */
export function sourceRange(spec: LoadedSpec, path: SpecPath): [number, number] | undefined {
  let node: unknown = spec.doc.contents;
  let start: number | undefined;
  let end: number | undefined;
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(spec.doc);
    let key: Node | undefined;
    let value: unknown;
    if (isMap(node)) {
      const found = findPair(spec.doc, node, segment);
      key = found?.key;
      value = found?.value;
    } else if (isSeq(node)) value = node.items[Number(segment)];
    const range = (value as Node | undefined)?.range ?? key?.range;
    if (!range) return undefined;
    start = key?.range?.[0] ?? range[0];
    end = range[2];
    node = value;
  }
  return start === undefined || end === undefined ? [0, spec.source.length] : [start, end];
}

/**
 * The pair for `segment` in a map: its own keys first, then the maps merged in with `<<`, in order
 * (YAML's merge rule). `via` is the alias of the merged anchor the pair was found in.
 */
function findPair(doc: Document, map: YAMLMap, segment: string | number): { key: Node; value: unknown; via?: unknown } | undefined {
  const own = map.items.find((item) => isScalar(item.key) && !isMergeKey(item.key) && String(item.key.value) === String(segment));
  if (own) return { key: own.key as Node, value: own.value };
  for (const item of map.items) {
    if (!isMergeKey(item.key)) continue;
    const sources = isSeq(item.value) ? item.value.items : [item.value];
    for (const source of sources) {
      const merged = isAlias(source) ? source.resolve(doc) : source;
      if (!isMap(merged)) continue;
      const found = findPair(doc, merged, segment);
      if (found) return { ...found, via: found.via ?? (isAlias(source) ? source : undefined) };
    }
  }
  return undefined;
}

function isMergeKey(key: unknown): boolean {
  return isScalar(key) && (key.value === '<<' || typeof key.value === 'symbol');
}

function anchorIndex(doc: Document): AnchorIndex {
  let index = indexes.get(doc);
  if (index) return index;
  index = { defined: new Map(), uses: new Map() };
  const visit = (node: unknown, path: (string | number)[], key: Node | undefined) => {
    if (isAlias(node)) {
      const source = node.resolve(doc);
      if (source) index!.uses.set(source as Node, (index!.uses.get(source as Node) ?? 0) + 1);
      return;
    }
    if ((isMap(node) || isSeq(node) || isScalar(node)) && node.anchor) index!.defined.set(node as Node, { path, key });
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        if (isMergeKey(pair.key)) visit(pair.value, path, undefined);
        else if (isScalar(pair.key)) visit(pair.value, [...path, String(pair.key.value)], pair.key as Node);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, [...path, i], undefined));
    }
  };
  visit(doc.contents, [], undefined);
  indexes.set(doc, index);
  return index;
}

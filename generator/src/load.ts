/**
 * Loads a spec's YAML keeping source positions, so every later problem can name file:line:col.
 * Merge keys (<<: *anchor) are enabled; duplicate keys are errors (a duplicated entity or action
 * would otherwise silently replace the first).
 */
import { readFileSync } from 'node:fs';
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import type { Problem } from './problems.js';

export interface LoadedSpec {
  file: string;
  source: string;
  doc: Document.Parsed;
  lines: LineCounter;
  data: unknown;
}

export function loadSpec(file: string, source = readFileSync(file, 'utf8')): { spec?: LoadedSpec; problems: Problem[] } {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, merge: true, uniqueKeys: true, prettyErrors: false });
  const problems: Problem[] = doc.errors.map((error) => {
    const pos = lines.linePos(error.pos[0]);
    const duplicate = error.code === 'DUPLICATE_KEY';
    return {
      file,
      line: pos.line,
      col: pos.col,
      code: duplicate ? 'SY002' : 'SY001',
      message: duplicate
        ? `duplicate key "${/^[^\s:]+/.exec(source.slice(error.pos[0]))?.[0] ?? ''}": ${error.message.split('\n')[0]}`
        : `YAML syntax: ${error.message.split('\n')[0]}`,
      hint: duplicate
        ? 'each entity, action, parameter and field may appear once; merge or rename the duplicates'
        : 'fix the YAML syntax (indentation, quoting, unclosed brackets)',
    };
  });
  if (problems.length > 0) return { problems };
  return { spec: { file, source, doc, lines, data: doc.toJS({ maxAliasCount: 1000 }) }, problems };
}

/**
 * Position of the node at a path (keys as in the data). Paths that pass through merged keys do not
 * exist in the source tree; the deepest node that does exist is used instead.
 */
export function positionOf(spec: LoadedSpec, path: readonly (string | number)[], keyOnly = false): { line: number; col: number } {
  let node: unknown = spec.doc.contents;
  let at: Node | null = (spec.doc.contents as Node | null) ?? null;
  for (const [i, segment] of path.entries()) {
    let value: unknown;
    let shown: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment));
      if (pair) {
        value = pair.value ?? pair.key;
        // A block map or list starts on the next line; point at its key, where a reader looks.
        const blockValue = (isMap(pair.value) || isSeq(pair.value)) && !pair.value.flow;
        shown = (keyOnly && i === path.length - 1) || blockValue ? pair.key : value;
      }
    } else if (isSeq(node)) {
      value = shown = node.items[Number(segment)];
    }
    if (!value) break; // the rest of the path is absent (or merged from an anchor): keep the deepest node found
    node = value;
    at = shown as Node;
  }
  return spec.lines.linePos(at?.range?.[0] ?? 0);
}

import type { FilterNode } from '../query/filter-ast.js';
import type { FilterCompiler } from './compile-filter.js';

type ScoringLeaf = Extract<FilterNode, { kind: 'fuzzy' | 'keyword' }>;

/** fuzzy and keyword conditions that can make a record match (not under `not`, not inside `any`). */
export function scoringLeaves(node: FilterNode): ScoringLeaf[] {
  switch (node.kind) {
    case 'fuzzy':
    case 'keyword':
      return [node];
    case 'and':
    case 'or':
      return node.children.flatMap(scoringLeaves);
    default:
      return [];
  }
}

/** Whether a fuzzy condition appears anywhere in the filter (under `not` and `any` too). */
export function hasFuzzy(node: FilterNode): boolean {
  switch (node.kind) {
    case 'fuzzy':
      return true;
    case 'and':
    case 'or':
      return node.children.some(hasFuzzy);
    case 'not':
      return hasFuzzy(node.child);
    case 'any':
      return hasFuzzy(node.where);
    default:
      return false;
  }
}

/**
 * Conditions every match satisfies: the filter itself when it is a leaf, and the leaves of a
 * top-level `and` (recursively). For those the score needs no "does it hold?" test.
 */
function requiredLeaves(node: FilterNode): FilterNode[] {
  return node.kind === 'and' ? node.children.flatMap(requiredLeaves) : [node];
}

/**
 * The relevance score of a record, in [0, 1]: the best score among the fuzzy and keyword
 * conditions it satisfies (trigram similarity for fuzzy, normalised rank for keyword). Null when
 * the filter has no such condition: every hit then scores 1. Only evaluated on matching rows, so
 * a condition every match satisfies is scored directly: testing it again would recompute the
 * field's tsvector or trigrams per row for nothing.
 */
export function compileScore(filter: FilterNode, doc: string, compiler: FilterCompiler): string | null {
  const leaves = scoringLeaves(filter);
  if (leaves.length === 0) return null;
  const required = new Set(requiredLeaves(filter));
  const parts = leaves.map((leaf) => {
    const score =
      leaf.kind === 'fuzzy' ? compiler.fuzzyScore(doc, leaf.field, leaf.text) : compiler.keywordScore(doc, leaf.field, leaf.text);
    if (required.has(leaf)) return score;
    const holds = leaf.kind === 'fuzzy' ? compiler.fuzzy(doc, leaf.field, leaf.text) : compiler.keyword(doc, leaf.field, leaf.text);
    return `CASE WHEN ${holds} THEN ${score} ELSE 0 END`;
  });
  return parts.length === 1 ? `(${parts[0]})::float8` : `(GREATEST(${parts.join(', ')}))::float8`;
}

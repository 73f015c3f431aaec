import type { FilterNode } from './filter-ast.js';
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

/**
 * The relevance score of a record, in [0, 1]: the best score among the fuzzy and keyword
 * conditions it satisfies (trigram similarity for fuzzy, normalised cover density rank for
 * keyword). Null when the filter has no such condition: every hit then scores 1.
 */
export function compileScore(filter: FilterNode, doc: string, compiler: FilterCompiler): string | null {
  const leaves = scoringLeaves(filter);
  if (leaves.length === 0) return null;
  const parts = leaves.map((leaf) =>
    leaf.kind === 'fuzzy'
      ? `CASE WHEN ${compiler.fuzzy(doc, leaf.field, leaf.text)} THEN ${compiler.fuzzyScore(doc, leaf.field, leaf.text)} ELSE 0 END`
      : `CASE WHEN ${compiler.keyword(doc, leaf.field, leaf.text)} THEN ${compiler.keywordScore(doc, leaf.field, leaf.text)} ELSE 0 END`,
  );
  return `(GREATEST(${parts.join(', ')}))::float8`;
}

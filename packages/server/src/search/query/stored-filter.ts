import { toStoredText, toStoredValue } from '../../store/stored-text.js';
import type { FilterNode } from './filter-ast.js';

/**
 * The filter with every value in the store's form (store/stored-text.ts), which is what the SQL
 * compares: a value holding U+0000 or a lone surrogate then matches exactly the records holding
 * it (`eq`, `in`, `contains`, nested paths, `any`), ranges and `like` keep code point order and
 * alignment, and no such value reaches the database as text it cannot hold. Field paths are
 * plain ASCII (searchable-fields.ts) and need nothing.
 */
export function toStoredFilter(node: FilterNode): FilterNode {
  switch (node.kind) {
    case 'and':
    case 'or':
      return { kind: node.kind, children: node.children.map(toStoredFilter) };
    case 'not':
      return { kind: 'not', child: toStoredFilter(node.child) };
    case 'compare':
    case 'contains':
      return { ...node, value: toStoredValue(node.value) };
    case 'in':
      return { ...node, values: node.values.map((value) => toStoredValue(value)) };
    case 'like':
      return { ...node, pattern: toStoredText(node.pattern) };
    case 'fuzzy':
    case 'keyword':
      return { ...node, text: toStoredText(node.text) };
    case 'any':
      return { ...node, where: toStoredFilter(node.where) };
  }
}

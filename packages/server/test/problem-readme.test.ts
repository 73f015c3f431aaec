/**
 * The README's problem tables say what the runtime's table says: each code's statuses, title and
 * the class the SDK raises ("Problems"), and each connector error class's status and members
 * ("Errors from connectors"). The README is what API clients read; the table is what the service
 * and the SDK run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ProblemCode } from '@switchyard/runtime';
import { CONNECTOR_ERRORS, PROBLEMS } from '@switchyard/runtime/internal';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The rows of the first Markdown table after `heading`, as cells. */
function tableAfter(heading: string): string[][] {
  const at = README.indexOf(heading);
  expect(at, `README has ${heading}`).toBeGreaterThanOrEqual(0);
  const lines = README.slice(at).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  // Header and separator rows.
  return rows.slice(2);
}

/** Problem member names, to tell them from example values (`channel_not_found`) in the members column. */
const MEMBER_NAMES: Record<string, true> = Object.fromEntries(
  [...new Set([...Object.values(PROBLEMS).flatMap((d) => d.members), ...CONNECTOR_ERRORS.flatMap((e) => e.members)])].map((m) => [m, true]),
);

const backticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

describe('the server README agrees with the runtime problem table', () => {
  it('Problems: one row per code, with its statuses, title and the class the SDK raises', () => {
    const rows = tableAfter('**Problems.**');
    const byCode = new Map(rows.map((cells) => [backticked(cells[0]!)[0]!, cells] as const));
    expect([...byCode.keys()].sort()).toEqual(Object.keys(PROBLEMS).sort());
    for (const [code, definition] of Object.entries(PROBLEMS) as [ProblemCode, (typeof PROBLEMS)[ProblemCode]][]) {
      const [, statuses, title, raises] = byCode.get(code)!;
      expect(
        statuses!.split(',').map((s) => Number(s.trim())),
        code,
      ).toEqual([definition.status, ...definition.otherStatuses]);
      expect(title, code).toBe(definition.title);
      expect(backticked(raises!), code).toEqual([definition.errorClass ? definition.errorClass.name : 'error_class']);
    }
  });

  it('Errors from connectors: every class of CONNECTOR_ERRORS once, with its status and members', () => {
    const rows = tableAfter('**Errors from connectors**').filter((cells) => cells[2] === '`connector_error`');
    const named = rows.flatMap((cells) => backticked(cells[0]!));
    expect([...named].sort()).toEqual(CONNECTOR_ERRORS.map((e) => e.name).sort());
    for (const entry of CONNECTOR_ERRORS) {
      const [, status, , members] = rows.find((cells) => backticked(cells[0]!).includes(entry.name))!;
      expect(Number(status), entry.name).toBe(entry.status);
      // Member names only: the column also shows example values (`channel_not_found`) and the Retry-After header.
      const listed = backticked(members!).filter((m) => Object.hasOwn(MEMBER_NAMES, m));
      expect([...listed].sort(), entry.name).toEqual([...entry.members].sort());
    }
  });
});

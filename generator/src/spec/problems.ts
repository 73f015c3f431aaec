/** A problem found in a spec, with where it is, a stable code and what to do about it. */
export interface Problem {
  file: string;
  line: number;
  col: number;
  code: string;
  message: string;
  hint: string;
}

export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.col} ${p.code} ${p.message}\n    hint: ${p.hint}`;
}

/** Thrown when one or more specs are broken; carries every problem found, not just the first. */
export class SpecProblems extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in specs:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'SpecProblems';
  }
}

/**
 * Each problem once, in source order. A mistake inside a YAML anchor is found at every use of the
 * anchor, but located at its definition with the same words, so the copies collapse here.
 */
export function uniqueProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems
    .filter((p) => {
      const key = `${p.file}:${p.line}:${p.col}:${p.code}:${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.line - b.line || a.col - b.col || a.code.localeCompare(b.code));
}

/** Where in a spec a problem is: keys and indexes from the document root. */
export type SpecPath = (string | number)[];

/** How a rule module reports: the place, its code (one of the module's), the message and a hint. */
export type RuleReport<Code extends string> = (path: SpecPath, code: Code, message: string, hint: string) => void;

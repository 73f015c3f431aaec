/**
 * Renders the benchmark results as markdown and rewrites exactly the README section between
 * `<!-- bench:start -->` and `<!-- bench:end -->`; the rest of the file is left byte for byte.
 * The section is formatted with the repository's prettier config so `prettier --check` stays green.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { ROOT } from './child.js';
import type { Result, Row } from './result.js';
import { ratio } from './stats.js';

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';

export interface RunInfo {
  date: string;
  node: string;
  cores: number;
  cpu: string;
  platform: string;
  totalMs: number;
}

export function metLabel(met: boolean | null): string {
  if (met === null) return '— (no target)';
  return met ? 'yes' : '**NO — missed**';
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderMarkdown(results: Result[], info: RunInfo, failures: string[]): string {
  const rows: Row[] = results.flatMap((r) => r.rows);
  const missed = rows.filter((r) => r.met === false).length;
  const lines = [
    `Last run ${info.date} with Node ${info.node} on ${info.platform}, ${info.cores} cores (${info.cpu}); ` +
      `\`pnpm bench\` took ${Math.round(info.totalMs / 1000)} s. Each ratio is figure ÷ baseline, both measured in that run. ` +
      `${missed === 0 ? 'Every target was met.' : `${missed} target${missed === 1 ? ' was' : 's were'} missed.`}`,
    '',
    '| Question | Figure | Baseline | Ratio | Target | Met? |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${[r.question, r.figure, r.baseline, ratio(r.ratio), r.target, metLabel(r.met)].map(cell).join(' | ')} |`),
    '',
  ];
  if (failures.length > 0) {
    lines.push(...failures.map((f) => `- **Benchmark failed:** ${f}`), '');
  }
  lines.push('Method, per row:', '');
  // Rows measured the same way (one per connector) share one sentence.
  const methods: { questions: string[]; method: string }[] = [];
  for (const row of rows) {
    const last = methods[methods.length - 1];
    if (last?.method === row.method) last.questions.push(row.question);
    else methods.push({ questions: [row.question], method: row.method });
  }
  lines.push(...methods.map((m) => `- **${m.questions.join('; ')}**: ${m.method}`));
  return lines.join('\n');
}

/** Replaces the section between the markers; returns false when the README already had it. */
export async function writeReadmeSection(markdown: string, readme = join(ROOT, 'README.md')): Promise<boolean> {
  const options = (await resolveConfig(readme)) ?? {};
  const formatted = (await format(markdown, { ...options, parser: 'markdown' })).trimEnd();
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1 || end < start) throw new Error(`${readme}: markers ${START} … ${END} not found`);
  // Blank lines around the markers, as prettier formats markdown.
  const next = `${text.slice(0, start + START.length)}\n\n${formatted}\n\n${text.slice(end)}`;
  if (next === text) return false;
  writeFileSync(readme, next);
  return true;
}

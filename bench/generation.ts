/**
 * Question 1: what does generating a connector cost, and does the per-spec cost stay flat as the
 * number of specs grows?
 *
 * Full pipeline in memory (compileSpec + emitPackage, no disk writes) for the three real specs and
 * for 100 synthetic specs derived from them (each a real spec with its `name:` renamed, so every one
 * is a full-size, realistic spec). The first spec of the process is reported separately as the
 * cold cost (module load, ajv schema compilation, ts-morph and prettier initialisation); everything
 * after it is warm. The baseline (a round of the 3 real specs) is measured before the batch of 100
 * and again after every 25 of it, so drift and load from other processes touch both sides alike;
 * per-spec cost is total time ÷ number of specs on both sides.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/child.js';
import type { Result } from './lib/result.js';
import { mean, median, ms, progress, sum, summarize } from './lib/stats.js';

const REAL = ['messaging', 'issue-tracker', 'recruiting'] as const;
const SYNTHETIC = 100;
/** A baseline round (the 3 real specs) runs before the batch and after every CHUNK synthetic specs. */
const CHUNK = 25;
const TARGET_RATIO = 1.2;

interface SpecInput {
  name: string;
  file: string;
  source: string;
}

export async function run(): Promise<Result> {
  const loadStarted = performance.now();
  const { compileSpec, defaultPaths, emitPackage } = await import('../generator/src/pipeline.js');
  const moduleLoadMs = performance.now() - loadStarted;
  const paths = defaultPaths(ROOT);

  const real: SpecInput[] = REAL.map((name) => {
    const file = join(ROOT, 'specs', `${name}.yaml`);
    return { name, file, source: readFileSync(file, 'utf8') };
  });
  const synthetic: SpecInput[] = Array.from({ length: SYNTHETIC }, (_, i) => derive(real[i % real.length]!, i));

  let outputChars = 0;
  async function generate(spec: SpecInput): Promise<number> {
    const started = performance.now();
    const { ir, problems } = compileSpec(spec.file, paths, spec.source);
    if (!ir) throw new Error(`${spec.name}: ${problems.map((p) => `${p.code} ${p.message}`).join('; ')}`);
    const files = await emitPackage(ir, paths);
    const elapsed = performance.now() - started;
    if (files.size === 0) throw new Error(`${spec.name}: no files emitted`);
    for (const text of files.values()) outputChars += text.length;
    return elapsed;
  }

  // Cold: the first spec this process generates.
  const coldMs = await generate(real[0]!);
  progress(`generation: cold first spec ${ms(coldMs)} (+ module load ${ms(moduleLoadMs)})`);
  // Warm-up: one more pass over all three (each has its own code paths: GraphQL, Link headers, …).
  for (const spec of real) await generate(spec);

  const realTimes: number[] = [];
  const roundPerSpec: number[] = [];
  const baselineRound = async () => {
    let total = 0;
    for (const spec of real) {
      const elapsed = await generate(spec);
      realTimes.push(elapsed);
      total += elapsed;
    }
    roundPerSpec.push(total / real.length);
  };

  const perSynthetic: number[] = [];
  const started = performance.now();
  await baselineRound();
  for (let start = 0; start < SYNTHETIC; start += CHUNK) {
    for (const spec of synthetic.slice(start, start + CHUNK)) perSynthetic.push(await generate(spec));
    await baselineRound();
    progress(
      `generation: ${start + CHUNK}/${SYNTHETIC} synthetic specs, ${roundPerSpec.length} baseline rounds, ${ms(performance.now() - started)}`,
    );
  }

  const per3 = sum(realTimes) / realTimes.length;
  const batchMs = sum(perSynthetic);
  const per100 = batchMs / SYNTHETIC;
  const ratio = per100 / per3;
  const dist = summarize(perSynthetic);
  const quarter = Math.floor(SYNTHETIC / 4);
  const firstQuarter = mean(perSynthetic.slice(0, quarter));
  const lastQuarter = mean(perSynthetic.slice(-quarter));
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;

  return {
    name: 'generation',
    rows: [
      {
        question: 'Generation: per-spec cost, 100 synthetic vs 3 real specs',
        figure: `${ms(per100)}/spec (100 specs, ${ms(batchMs)} in all)`,
        baseline: `${ms(per3)}/spec (3 real specs, ${roundPerSpec.length} rounds)`,
        ratio,
        target: `ratio ≤ ${TARGET_RATIO.toFixed(2)}`,
        met: ratio <= TARGET_RATIO,
        method:
          'compileSpec + emitPackage in memory (no writes), warm, in one process; 100 full-size specs derived from the 3 real ones by renaming `name:`; ' +
          `baseline = the 3 real specs, one round before the batch and one after every ${CHUNK} of it; per-spec cost = total ÷ count on both sides.`,
      },
      {
        question: 'Generation: cold first spec (messaging)',
        figure: `${ms(coldMs)} (+ ${ms(moduleLoadMs)} module load)`,
        baseline: `${ms(per3)}/spec warm`,
        ratio: coldMs / per3,
        target: '—',
        met: null,
        method:
          'The first compile + emit in a fresh process (ajv schema compilation, ts-morph and prettier start-up are paid here once), ' +
          'module load (tsx) timed separately; reported against the warm per-spec cost.',
      },
    ],
    notes: [
      `module load ${ms(moduleLoadMs)}; cold first spec ${ms(coldMs)}`,
      `baseline rounds (per spec): ${roundPerSpec.map(ms).join(', ')}; median per spec ${ms(median(realTimes))}`,
      `100 synthetic: p50 ${ms(dist.p50)}, p95 ${ms(dist.p95)}, min ${ms(dist.min)}, max ${ms(dist.max)}`,
      `median ratio ${(dist.p50 / median(realTimes)).toFixed(2)}; drift inside the batch: first ${quarter} mean ${ms(firstQuarter)}, last ${quarter} mean ${ms(lastQuarter)} (×${(lastQuarter / firstQuarter).toFixed(2)})`,
      `heap used after the run ${heapMb.toFixed(0)} MB; ${Math.round(outputChars / 1024)} KB of output generated in total`,
    ],
    data: { moduleLoadMs, coldMs, roundPerSpec, per3, per100, ratio, perSynthetic: dist, firstQuarter, lastQuarter },
  };
}

/** A full-size spec: `base` with its name replaced (the file name must match the spec name). */
function derive(base: SpecInput, i: number): SpecInput {
  const name = `synthetic-${String(i).padStart(3, '0')}`;
  const source = base.source.replace(/^name:[ \t]*\S+[ \t]*$/m, `name: ${name}`);
  if (source === base.source) throw new Error(`${base.name}: no top-level name: line to rename`);
  return { name, file: join(ROOT, 'specs', `${name}.yaml`), source };
}

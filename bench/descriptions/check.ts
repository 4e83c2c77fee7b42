// `npm run check:descriptions`: real OpenAPI descriptions through the panel's own generated-form
// pipeline (bench/descriptions/README.md). For each description: read, index, and for every
// operation with a JSON request body build the form's fields, fill the required ones, build
// the body and validate it; every operation's parameters filled and built into a request.
// Exits non-zero when a step crashed, when one form step of one operation (anything but the
// read and the index of the whole description) took over MAX_STEP_MS, or when a description's
// validating forms fell below its floor in expected.json.
//
//   npm run check:descriptions -- [--only <name>[,<name>]] [--dir <folder>]... [--json]
//                                 [--require] [--update-floors]
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fixtureFolders, findFixtures, fixtureText, HERE } from './fixtures-found.ts';
import { type DescriptionResult, runDescription, type Step, STEP_BUDGET_MS } from './run-description.ts';

const MAX_STEP_MS = STEP_BUDGET_MS;
const FORM_STEPS: readonly Step[] = ['fields', 'body', 'validate', 'parameters'];
const EXPECTED = path.join(HERE, 'expected.json');

interface Expected { about?: string; floors: Record<string, number> }

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    dir: { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean', default: false },
    require: { type: 'boolean', default: false },
    'update-floors': { type: 'boolean', default: false },
  },
});

const expected = JSON.parse(readFileSync(EXPECTED, 'utf8')) as Expected;
const only = options.only?.split(',').map((name) => name.trim()).filter((name) => name !== '');
const folders = fixtureFolders(options.dir);
const fixtures = findFixtures(folders).filter((fixture) => only === undefined || only.includes(fixture.name));
const log = (line: string) => { if (!options.json) console.log(line); };

log(`Descriptions from ${folders.map((folder) => path.relative(process.cwd(), folder) || '.').join(', ')}: ${fixtures.map((fixture) => fixture.name).join(', ') || 'none'}.`);
const started = performance.now();
const results: DescriptionResult[] = [];
for (const fixture of fixtures) {
  let text: string;
  try {
    text = fixtureText(fixture.file);
  } catch (error) {
    results.push({ ...runDescription(fixture.name, ''), refused: `unreadable file: ${error instanceof Error ? error.message : String(error)}` });
    continue;
  }
  const result = runDescription(fixture.name, text);
  results.push(result);
  log(`  ${fixture.name}: ${fmt(result.totalMs)} ms`);
}
const totalMs = performance.now() - started;

// Verdicts.
const problems: string[] = [];
for (const result of results) {
  if (result.refused !== undefined) problems.push(`${result.name}: the reader refused it (${result.refused})`);
  for (const crash of result.crashes) problems.push(`${result.name}: ${crash.step} crashed at ${crash.operation}: ${crash.message}`);
  for (const step of FORM_STEPS) {
    const slowest = result.slowest[step];
    if (slowest !== undefined && slowest.ms > MAX_STEP_MS) problems.push(`${result.name}: ${step} took ${fmt(slowest.ms)} ms at ${slowest.operation} (budget ${MAX_STEP_MS} ms)`);
  }
  if (result.wireLabels.count > 0) problems.push(`${result.name}: ${result.wireLabels.count} labels are wire names (${result.wireLabels.examples.join(', ')})`);
  const floor = expected.floors[result.name];
  if (floor !== undefined && result.validating < floor) problems.push(`${result.name}: ${result.validating} forms validate, below the floor of ${floor}`);
}
const ran = new Set(results.map((result) => result.name));
const missing = Object.keys(expected.floors).filter((name) => !ran.has(name) && (only === undefined || only.includes(name)));
if (options.require) for (const name of missing) problems.push(`${name}: not found (its floor is in expected.json)`);

if (options['update-floors']) {
  const floors = { ...expected.floors };
  for (const result of results) if (result.refused === undefined) floors[result.name] = Math.max(floors[result.name] ?? 0, result.validating);
  writeFileSync(EXPECTED, `${JSON.stringify({ ...expected, floors }, null, 2)}\n`);
  log(`Floors written to ${path.relative(process.cwd(), EXPECTED)} (raised only, never lowered).`);
}

if (options.json) {
  console.log(JSON.stringify({ machine: machine(), totalMs, maxStepMs: MAX_STEP_MS, results, missing, problems }, null, 2));
} else {
  printTable(results);
  for (const result of results) printDetails(result);
  if (missing.length > 0) console.log(`\nNot found (floors not checked): ${missing.join(', ')}. See README.md, "The descriptions".`);
  console.log(`\nTotal ${fmt(totalMs)} ms on ${machine()}.`);
  console.log(problems.length === 0 ? 'No crash, no form step over the budget, every floor met.' : `\nFAILED:\n${problems.map((line) => `  ${line}`).join('\n')}`);
}
process.exitCode = problems.length === 0 ? 0 : 1;

function printTable(rows: readonly DescriptionResult[]): void {
  const header = ['description', 'MiB', 'ops', 'forms', 'valid', 'failing', 'crashes', 'params ok', 'read ms', 'index ms', 'slowest form step'];
  const lines = rows.map((row) => {
    const slow = FORM_STEPS.map((step) => ({ step, ...row.slowest[step] })).filter((entry) => entry.ms !== undefined)
      .sort((a, b) => (b.ms ?? 0) - (a.ms ?? 0))[0];
    return [
      row.name, (row.chars / 1024 / 1024).toFixed(2), String(row.operations), String(row.forms), String(row.validating),
      String(row.failures.reduce((sum, failure) => sum + failure.count, 0)), String(row.crashes.length),
      `${row.parameters.built}/${row.parameters.operations}`, fmt(row.slowest.read?.ms ?? 0), fmt(row.slowest.index?.ms ?? 0),
      slow ? `${slow.step} ${fmt(slow.ms ?? 0)} ms (${slow.operation ?? ''})` : '',
    ];
  });
  const total = ['total', '', sum(rows, (row) => row.operations), sum(rows, (row) => row.forms), sum(rows, (row) => row.validating),
    sum(rows, (row) => row.failures.reduce((all, failure) => all + failure.count, 0)), sum(rows, (row) => row.crashes.length),
    `${sum(rows, (row) => row.parameters.built)}/${sum(rows, (row) => row.parameters.operations)}`, '', '', ''];
  const table = [header, ...lines, total];
  const widths = header.map((_, column) => Math.max(...table.map((line) => (line[column] ?? '').length)));
  console.log('');
  for (const line of table) console.log(line.map((cell, column) => (column === 0 || column === line.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ').trimEnd());
}

function printDetails(result: DescriptionResult): void {
  console.log(`\n${result.name}: ${result.operations} operations, ${result.forms} forms, ${result.validating} validate` +
    (result.otherVariant > 0 ? ` (${result.otherVariant} with another variant than the first)` : '') +
    `; ${result.withJsonText} with a part as JSON text, ${result.capped} capped; ${result.wireLabels.count} wire-name labels, ${result.numberedVariants} variants only numbered; largest form ${result.largestForm.fields} fields (${result.largestForm.operation})`);
  console.log(`  slowest: ${Object.entries(result.slowest).map(([step, slow]) => `${step} ${fmt(slow.ms)} ms` +
    (slow.first === undefined ? '' : ` (${fmt(slow.first)} ms the first time)`) + (step === 'read' || step === 'index' ? '' : ` (${slow.operation})`)).join('; ')}`);
  for (const failure of result.failures) console.log(`  ${String(failure.count).padStart(4)} × ${failure.name}: e.g. ${failure.example.operation} at '${failure.example.pointer}' ${failure.example.detail}`);
  if (result.parameters.unsendable > 0) console.log(`  parameters: ${result.parameters.unsendable} operations the panel cannot send (unsendable())`);
  for (const failure of result.parameters.failures) console.log(`  ${String(failure.count).padStart(4)} × ${failure.name}: e.g. ${failure.example.operation} at '${failure.example.pointer}' ${failure.example.detail}`);
  for (const crash of result.crashes.slice(0, 5)) console.log(`  CRASH in ${crash.step} at ${crash.operation}:\n    ${crash.stack.split('\n').join('\n    ')}`);
  if (result.crashes.length > 5) console.log(`  … and ${result.crashes.length - 5} more crashes (--json lists them all)`);
}

function machine(): string {
  return `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`;
}

function sum(rows: readonly DescriptionResult[], of: (row: DescriptionResult) => number): string {
  return String(rows.reduce((total, row) => total + of(row), 0));
}

function fmt(ms: number): string {
  return ms < 10 ? ms.toFixed(1) : Math.round(ms).toLocaleString('en');
}

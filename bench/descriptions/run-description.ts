// One description through the panel's pipeline: read → index → for each operation with a JSON
// request body: fields → filled value → body → validation; and each operation's parameters
// (path, query, forwarded headers) filled and built into a request. Each step is timed; a step
// that throws is a crash, recorded with its stack, and the run goes on.
import { type Chooser, filledValue } from './fill.ts';
import {
  atPointer, bodySchemaOf, buildRead, fieldKind, fieldsOf, indexDescription, parametersBySendability, readDescription, toBody, unsendable, validateBody, valueKey,
  type BodyProblem, type FieldDescriptor, type JsonObject, type JsonValue, type Operation, type ValueProblem,
} from './pipeline.ts';
import { jsonFor } from './sample-value.ts';

export const STEPS = ['read', 'index', 'fields', 'body', 'validate', 'parameters'] as const;
export type Step = (typeof STEPS)[number];

export interface Slowest {
  ms: number;
  operation: string;
  /** When the step was timed again (over the budget the first time): its first time. */
  first?: number;
}

/** A form step (anything but reading and indexing the whole description) over this is a failure. */
export const STEP_BUDGET_MS = 200;
export interface FailureClass {
  name: string;
  count: number;
  example: { operation: string; pointer: string; detail: string };
  /** Every operation of the class (the first 50), each with where its first problem is. */
  operations: string[];
}
export interface Crash { step: Step; operation: string; message: string; stack: string }

export interface DescriptionResult {
  name: string;
  chars: number;
  /** The reader's problem key when it refused the text. */
  refused: string | undefined;
  operations: number;
  /** Operations with a JSON request body: a form is built for each. */
  forms: number;
  /** Forms whose filled body the validator accepts (with some choice of variants). */
  validating: number;
  /** Of those, forms that validate only with another variant than the first of some oneOf/anyOf. */
  otherVariant: number;
  /** Forms with a part edited as JSON text, and forms cut at the field cap. */
  withJsonText: number;
  capped: number;
  /** Labels that are a wire name (camelCase, snake_case) where words exist, e.g. the first ones; and variants only numbered. */
  wireLabels: { count: number; examples: string[] };
  numberedVariants: number;
  largestForm: { fields: number; operation: string };
  failures: FailureClass[];
  crashes: Crash[];
  slowest: Partial<Record<Step, Slowest>>;
  parameters: { operations: number; built: number; unsendable: number; failures: FailureClass[] };
  totalMs: number;
}

/** Attempts at choosing variants: the first of each, then the second, third, and last. */
const CHOOSERS: readonly Chooser[] = [() => 0, (_, count) => Math.min(1, count - 1), (_, count) => Math.min(2, count - 1), (_, count) => count - 1];

export function runDescription(name: string, text: string): DescriptionResult {
  const started = performance.now();
  const result: DescriptionResult = {
    name, chars: text.length, refused: undefined, operations: 0, forms: 0, validating: 0, otherVariant: 0, withJsonText: 0, capped: 0, wireLabels: { count: 0, examples: [] }, numberedVariants: 0,
    largestForm: { fields: 0, operation: '' }, failures: [], crashes: [], slowest: {}, parameters: { operations: 0, built: 0, unsendable: 0, failures: [] }, totalMs: 0,
  };
  const failures = new Map<string, FailureClass>();
  const parameterFailures = new Map<string, FailureClass>();
  const timed = <T>(step: Step, operation: string, work: () => T, again?: Again): { ok: true; value: T } | { ok: false } => {
    const start = performance.now();
    try {
      const value = work();
      note(result, step, operation, performance.now() - start, again);
      return { ok: true, value };
    } catch (error) {
      note(result, step, operation, performance.now() - start);
      const thrown = error instanceof Error ? error : new Error(String(error));
      result.crashes.push({ step, operation, message: thrown.message, stack: thrown.stack ?? thrown.message });
      return { ok: false };
    }
  };

  const read = timed('read', '(whole description)', () => readDescription(text));
  if (!read.ok) return finish(result, failures, parameterFailures, started);
  if (!read.value.ok) {
    result.refused = read.value.problem.key;
    return finish(result, failures, parameterFailures, started);
  }
  const { document, version } = read.value;
  const index = timed('index', '(whole description)', () => indexDescription(document, version, ''));
  if (!index.ok) return finish(result, failures, parameterFailures, started);
  result.operations = index.value.operations.length;

  for (const operation of index.value.operations) {
    const label = `${operation.method.toUpperCase()} ${operation.path}`;
    checkParameters(document, operation, label, result, parameterFailures, timed);
    const body = timed('fields', label, () => bodySchemaOf(document, operation));
    if (!body.ok || body.value === undefined) continue;
    const bodySchema = body.value;
    // As the write form builds it (src/lib/openapi/write/write-form.tsx).
    const build = (from: JsonObject, schema: JsonValue | undefined) => fieldsOf(from, schema, { pointer: bodySchema.pointer, required: bodySchema.required, maxOptions: 200 });
    const fields = timed('fields', label, () => build(document, bodySchema.schema), coldAgain(document, (copy) => build(copy, atPointer(copy, bodySchema.pointer))));
    if (!fields.ok) continue;
    result.forms += 1;
    if (fields.value.count > result.largestForm.fields) result.largestForm = { fields: fields.value.count, operation: label };
    if (fields.value.capped) result.capped += 1;
    if (hasJsonText(fields.value.root)) result.withJsonText += 1;
    countLabels(fields.value.root, result);
    const variants = hasVariants(fields.value.root);

    let first: { valueProblems: ValueProblem[]; problems: BodyProblem[] } | undefined;
    let validAt = -1;
    let crashed = false;
    for (const [attempt, choose] of CHOOSERS.entries()) {
      if (attempt > 0 && !variants) break;
      const fill = () => toBody(fields.value, filledValue(document, fields.value, choose));
      const built = timed('body', label, fill, () => timeOf(fill));
      if (!built.ok) { crashed = true; break; }
      const checked = timed('validate', label, () => validateBody(document, bodySchema.schema, built.value.body),
        coldAgain(document, (copy) => validateBody(copy, atPointer(copy, bodySchema.pointer), built.value.body)));
      if (!checked.ok) { crashed = true; break; }
      first ??= { valueProblems: built.value.problems, problems: checked.value };
      if (built.value.problems.length === 0 && checked.value.length === 0) {
        validAt = attempt;
        break;
      }
    }
    if (crashed) continue;
    if (validAt >= 0) {
      result.validating += 1;
      if (validAt > 0) result.otherVariant += 1;
      continue;
    }
    const [valueProblem] = first?.valueProblems ?? [];
    const [problem] = first?.problems ?? [];
    if (valueProblem !== undefined) count(failures, `value:${valueProblem.code}`, label, valueProblem.pointer, JSON.stringify(valueProblem.params));
    else if (problem !== undefined) count(failures, classOf(problem), label, problem.pointer, JSON.stringify(problem.params));
  }
  return finish(result, failures, parameterFailures, started);
}

type Timed = <T>(step: Step, operation: string, work: () => T, again?: Again) => { ok: true; value: T } | { ok: false };

/** The step once more, timed: what an over-budget time is checked with (RETRIES times). */
type Again = () => number;
const RETRIES = 2;

const timeOf = (work: () => unknown): number => {
  const start = performance.now();
  work();
  return performance.now() - start;
};

/**
 * The step again on a fresh copy of the document, so that nothing the first run left in a cache
 * keyed by the document (looked-up pointers, the compiled validator) makes it faster.
 */
const coldAgain = (document: JsonObject, work: (copy: JsonObject) => unknown): Again => () => {
  const copy = structuredClone(document);
  return timeOf(() => work(copy));
};

/** The operation's sendable parameters filled (required ones, and every path one) and built into a request. */
function checkParameters(document: JsonObject, operation: Operation, label: string, result: DescriptionResult, failures: Map<string, FailureClass>, timed: Timed): void {
  result.parameters.operations += 1;
  if (unsendable(operation) !== undefined) {
    result.parameters.unsendable += 1;
    return;
  }
  const built = timed('parameters', label, () => {
    const values: Record<string, string> = {};
    for (const parameter of parametersBySendability(operation).sendable) {
      if (!parameter.required) continue;
      values[valueKey(parameter)] = parameterValue(document, parameter.name, parameter.in, parameter.schema);
    }
    return buildRead(document, operation, values);
  });
  if (!built.ok) return;
  if (built.value.ok) {
    result.parameters.built += 1;
    return;
  }
  const [[key, problem] = ['', { key: 'unknown' }]] = [...built.value.problems];
  count(failures, `parameter:${problem.key}`, label, key, JSON.stringify(problem.params ?? {}));
}

function parameterValue(document: JsonObject, name: string, location: string, schema: Parameters<typeof fieldKind>[1]): string {
  if (location === 'header') {
    const header = name.toLowerCase();
    if (header === 'x-customer-id') return '1001';
    if (header === 'x-user-name') return 'web-user';
    return '"etag-1"';
  }
  const kind = fieldKind(document, schema);
  switch (kind.kind) {
    case 'number': return '1';
    case 'boolean': return 'true';
    case 'enum': return kind.options[0] ?? '';
    case 'list': return kind.item === 'text' ? 'example' : kind.item === 'boolean' ? 'true' : '1';
    default: {
      const sample = jsonFor(document, schema);
      return typeof sample === 'string' && sample !== '' ? sample : typeof sample === 'number' ? String(sample) : 'example-1';
    }
  }
}

/** The validator's class of a problem: its code, with the format or keyword where that is what tells classes apart. */
function classOf(problem: BodyProblem): string {
  if (problem.code === 'format') return `format:${String(problem.params.format)}`;
  if (problem.code === 'other') return `other:${String(problem.params.keyword)}`;
  return problem.code;
}

function count(classes: Map<string, FailureClass>, name: string, operation: string, pointer: string, detail: string): void {
  const known = classes.get(name);
  if (known) {
    known.count += 1;
    if (known.operations.length < 50) known.operations.push(`${operation} at '${pointer}'`);
  } else {
    classes.set(name, { name, count: 1, example: { operation, pointer, detail: detail.slice(0, 300) }, operations: [`${operation} at '${pointer}'`] });
  }
}

/**
 * Keeps the step's slowest time. A time over the budget is taken again (RETRIES times, cold) and
 * the least of them kept: a garbage collection or another process on the machine can stretch
 * one run, where a step that is slow is slow every time. `first` keeps the first time.
 */
function note(result: DescriptionResult, step: Step, operation: string, ms: number, again?: Again): void {
  let least = ms;
  if (ms > STEP_BUDGET_MS && again !== undefined) {
    for (let retry = 0; retry < RETRIES; retry += 1) least = Math.min(least, again());
  }
  const slowest = result.slowest[step];
  if (slowest === undefined || least > slowest.ms) result.slowest[step] = least === ms ? { ms, operation } : { ms: least, operation, first: ms };
}

function finish(result: DescriptionResult, failures: Map<string, FailureClass>, parameterFailures: Map<string, FailureClass>, started: number): DescriptionResult {
  const byCount = (a: FailureClass, b: FailureClass) => b.count - a.count || a.name.localeCompare(b.name);
  result.failures = [...failures.values()].sort(byCount);
  result.parameters.failures = [...parameterFailures.values()].sort(byCount);
  result.totalMs = performance.now() - started;
  return result;
}

/** A label that is a wire name: a camel hump or an underscore, no space (`localPart`, `addon_slugs`). */
const WIRE_NAME = /^[^\s]*(?:[a-z][A-Z]|_)[^\s]*$/;

function countLabels(root: FieldDescriptor, result: DescriptionResult): void {
  some(root, (field) => {
    if (field.label !== '' && WIRE_NAME.test(field.label)) {
      result.wireLabels.count += 1;
      if (result.wireLabels.examples.length < 5) result.wireLabels.examples.push(field.label);
    }
    if (field.kind === 'variants') result.numberedVariants += field.variants.filter((variant) => variant.labelFrom === 'index').length;
    return false;
  });
}

function hasJsonText(field: FieldDescriptor): boolean {
  return some(field, (inner) => inner.kind === 'json');
}

function hasVariants(field: FieldDescriptor): boolean {
  return some(field, (inner) => inner.kind === 'variants');
}

function some(field: FieldDescriptor, test: (field: FieldDescriptor) => boolean): boolean {
  const stack: FieldDescriptor[] = [field];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (test(next)) return true;
    if (next.kind === 'object') {
      stack.push(...next.children);
      if (next.rows) stack.push(next.rows.value);
    } else if (next.kind === 'array') stack.push(next.items);
    else if (next.kind === 'variants') stack.push(...next.variants.map((variant) => variant.field));
  }
  return false;
}

// The writes of a bulk action, one per selected row, each made by the one write pipeline as its
// form would make it: path values checked and normalised, the body checked against the schema,
// a PATCH of exactly the fields given. Plain; the dialog shows its progress and refusals.
import type { JsonValue } from '../../openapi/json.ts';
import { buildRead, type ParameterValues } from '../../openapi/read-request.ts';
import { normalizedValues, type OperationContext, type PipelineDeps, planWrite, prepareWrite, type WriteProblems } from '../../openapi/write/write-pipeline.ts';
import type { WritePayload } from '../../openapi/write/write-plan.ts';
import { targetKey, type WriteAttempt } from '../../write-guard/write-machine.ts';

/** One selected row: its key in the list, what it is called, and the path values that name it. */
export interface BulkTarget { key: string; name: string; values: ParameterValues }

export interface Refusal { target: BulkTarget; messages: readonly string[] }

export interface PreparedRun { attempts: WriteAttempt<WritePayload>[]; refused: Refusal[] }

/** Rows prepared at once: the body checks go to a worker, a few in flight keep it busy. */
const PREPARED_AT_ONCE = 8;

/** The problems of a write that cannot be sent, as sentences (the parameters', the body's, the rest). */
export function problemSentences(problems: WriteProblems, nothingChanged: string): string[] {
  const body = problems.body.map((problem) => (problem.pointer === '' ? problem.message : `${problem.pointer.slice(1).replaceAll('/', '.')}: ${problem.message}`));
  return [...problems.parameters.values(), ...body, ...problems.general, ...(problems.nothingChanged ? [nothingChanged] : [])];
}

/**
 * The attempts for `targets`, in order, with `body` (undefined: none): a PATCH's current values
 * are not read, its baseline is nothing, so it sends exactly `body`, the fields the user chose.
 */
export async function prepareAttempts(
  ctx: OperationContext, targets: readonly BulkTarget[], body: JsonValue | undefined, deps: PipelineDeps,
  options: {
    nothingChanged: string; onProgress?: (done: number) => void; signal?: AbortSignal;
    /** Why a row naming an item another row names already is not sent (`name`: that row's). */
    sameAs?: (name: string) => string;
  },
): Promise<PreparedRun> {
  const plan = planWrite(ctx);
  const text = body === undefined ? '' : JSON.stringify(body);
  const results: ({ attempt: WriteAttempt<WritePayload> } | Refusal | undefined)[] = new Array<undefined>(targets.length);
  let next = 0;
  let done = 0;
  const one = async (target: BulkTarget) => {
    let baseline: { body: JsonValue; path: string } | undefined;
    if (plan.method === 'PATCH') {
      const normalized = await normalizedValues(ctx, target.values, deps);
      const built = normalized.ok ? buildRead(ctx.document, ctx.operation, normalized.values) : undefined;
      if (built?.ok) baseline = { body: {}, path: built.request.path.join('/') };
    }
    const prepared = await prepareWrite(ctx, plan, { values: target.values, body: { kind: 'json', text, secrets: new Map() }, baseline }, deps);
    return prepared.ok ? { attempt: prepared.attempt } : { target, messages: problemSentences(prepared.problems, options.nothingChanged) };
  };
  const worker = async () => {
    while (next < targets.length) {
      if (options.signal?.aborted) return;
      const at = next;
      next += 1;
      const target = targets[at];
      if (!target) continue;
      results[at] = await one(target);
      done += 1;
      options.onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PREPARED_AT_ONCE, targets.length) }, worker));
  const attempts: WriteAttempt<WritePayload>[] = [];
  const refused: Refusal[] = [];
  // Two rows may name one item (a name in two cases or scripts, a padded id): its write goes out
  // once, and the other row is said, not sent a second time.
  const first = new Map<string, BulkTarget>();
  results.forEach((result, at) => {
    if (!result) return;
    if (!('attempt' in result)) { refused.push(result); return; }
    const target = targets[at];
    const key = targetKey(result.attempt);
    const earlier = first.get(key);
    if (earlier && target) { refused.push({ target, messages: [options.sameAs?.(earlier.name) ?? earlier.name] }); return; }
    if (target) first.set(key, target);
    attempts.push(result.attempt);
  });
  return { attempts, refused };
}

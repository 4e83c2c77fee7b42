import type { Translate } from '../../i18n/i18n.ts';
import type { FieldProblem } from '../read-request.ts';

/** The problems buildRead found, per parameter, in the UI language. */
export const problemMessages = (t: Translate, problems: ReadonlyMap<string, FieldProblem>): ReadonlyMap<string, string> =>
  new Map([...problems].map(([key, problem]) => [key, t(problem.key, problem.params)]));

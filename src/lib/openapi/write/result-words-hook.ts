// result-words.ts for a form on the page: the attempt's operation looked up, its host-name
// parameters known, host names shown in Unicode once the panel's name rules are loaded.
import { useCallback } from 'react';
import type { Exchange } from '../../api/request-types.ts';
import { useT } from '../../i18n/i18n.ts';
import { useNameRules } from '../../names/use-name-rules.ts';
import type { WriteAttempt } from '../../write-guard/write-machine.ts';
import { isHostnameParameter } from '../parameters/path-hostnames.ts';
import { type HostForms, resultSubject, subjectPhrase, type WriteAction } from './result-words.ts';
import { type OperationContext, parseJson } from './write-pipeline.ts';
import { identifierIndexOf, type WritePayload } from './write-plan.ts';

/** `what` in a sentence ("mailbox sales@example.org"), `What` beginning one: a message's parameters as they are. */
export interface AttemptWords extends Record<string, string> { action: WriteAction; what: string; What: string }

type Context = Pick<OperationContext, 'document' | 'index'>;

const ACE = /(?:^|\.)xn--/i;

/**
 * How a form names its writes: `words(attempt, answer)` for the status and the dialogs, and
 * `hostForms(attempt)` for a DELETE whose identifier is a host name. `wanted`: something shown
 * holds an ASCII-encoded host name (or a host name is to be typed), so the name rules are loaded.
 */
export function useResultWords(context: Context, wanted: boolean) {
  const t = useT();
  const rules = useNameRules(wanted);
  const { document, index } = context;
  const shownHost = useCallback((ascii: string) => {
    if (!ACE.test(ascii) || !rules) return ascii;
    const result = rules(ascii);
    return result.ok ? result.unicode : ascii;
  }, [rules]);
  const hostParameters = useCallback((attempt: WriteAttempt<WritePayload>) => {
    const operation = index.operations.find((candidate) => candidate.key === attempt.payload.operation);
    const names = new Set(operation?.parameters.filter((parameter) => isHostnameParameter(document, parameter)).map((parameter) => parameter.name));
    return { operation, names };
  }, [document, index]);

  const words = useCallback((attempt: WriteAttempt<WritePayload>, answer?: Exchange): AttemptWords => {
    const { payload } = attempt;
    const { operation, names } = hostParameters(attempt);
    const json = answer && /json/i.test(answer.contentType ?? '') && !answer.truncated ? parseJson(answer.text) : undefined;
    const subject = resultSubject({
      // Not in this description any more (the guard keeps attempts across screens): the path alone.
      template: operation?.apiPath ?? payload.path.map((segment, at) => (at === payload.path.length - 1 ? '{id}' : segment)).join('/'),
      path: payload.path, secretSegments: payload.secretSegments, method: payload.method,
      sent: payload.comparable, answer: json, hostnameParameters: names, shownHost,
    });
    return { action: subject.action, ...subjectPhrase(subject, t('write.item')) };
  }, [hostParameters, shownHost, t]);

  const hostForms = useCallback((attempt: WriteAttempt<WritePayload>): HostForms | undefined => {
    const { operation, names } = hostParameters(attempt);
    if (!operation) return undefined;
    const at = identifierIndexOf(operation, attempt.payload.path);
    const parameter = /^\{([^}]+)\}$/.exec(operation.apiPath.split('/').filter((segment) => segment !== '')[at] ?? '')?.[1];
    const { confirmWith, path, secretSegments } = attempt.payload;
    if (parameter === undefined || !names.has(parameter) || secretSegments.includes(at) || path[at] !== confirmWith) return undefined;
    const ascii = confirmWith.toLowerCase();
    return { ascii, unicode: shownHost(ascii) };
  }, [hostParameters, shownHost]);

  return { words, hostForms };
}

/** Whether a write's path or answer holds a host name in its ASCII-encoded form (`xn--…`). */
export const holdsEncodedName = (attempt: WriteAttempt<WritePayload> | undefined, answer?: Exchange): boolean =>
  attempt !== undefined && (attempt.payload.path.some((segment) => ACE.test(segment))
    || /xn--/i.test(answer?.text.slice(0, 100_000) ?? '') || /xn--/i.test(JSON.stringify(attempt.payload.body ?? null).slice(0, 100_000)));

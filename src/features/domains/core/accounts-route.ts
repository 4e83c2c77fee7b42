import type { Operation, Parameter } from '../../../lib/openapi/operations.ts';

interface Candidates { operations: readonly (Pick<Operation, 'method' | 'apiPath'> & { parameters: readonly Pick<Parameter, 'in' | 'required'>[] })[] }

/**
 * Where a customer's hosting accounts are read: from the description (a path template with the
 * customer's one parameter), guessed at the simulator's path when no description is at hand, or
 * not offered, as the description has no such read (then nothing is asked).
 */
export type AccountsRoute = { kind: 'described'; template: readonly string[] } | { kind: 'guess' } | { kind: 'not-described' };

const GUESSED_TEMPLATE = ['customers', '{customerId}', 'accounts'] as const;
const isTemplate = (segment: string) => /^\{[^{}]+\}$/.test(segment);

/**
 * As the domain list is found (findListRoute): a GET whose path ends in `/{customer}/accounts`
 * with that one path parameter and no required query parameter; one below `customers` first,
 * then the shortest path.
 */
export function findAccountsRoute(index: Candidates): AccountsRoute {
  const templates: string[][] = [];
  for (const operation of index.operations) {
    if (operation.method !== 'get') continue;
    const template = operation.apiPath.split('/').filter((segment) => segment !== '');
    if (template.length < 2 || template.at(-1)?.toLowerCase() !== 'accounts' || !isTemplate(template.at(-2) ?? '')) continue;
    if (template.filter(isTemplate).length !== 1) continue;
    if (operation.parameters.some((parameter) => parameter.required && parameter.in !== 'path' && parameter.in !== 'header')) continue;
    templates.push(template);
  }
  const belowCustomers = (template: readonly string[]) => /^customers?$/i.test(template.at(-3) ?? '');
  templates.sort((a, b) => Number(belowCustomers(b)) - Number(belowCustomers(a)) || a.length - b.length);
  const [chosen] = templates;
  return chosen ? { kind: 'described', template: chosen } : { kind: 'not-described' };
}

/** The accounts' path for `customerId` (an identifier, checked by the caller). */
export function accountsPath(route: Exclude<AccountsRoute, { kind: 'not-described' }>, customerId: string): readonly string[] {
  const template = route.kind === 'described' ? route.template : GUESSED_TEMPLATE;
  return template.map((segment) => (isTemplate(segment) ? customerId : segment));
}

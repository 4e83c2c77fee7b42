import type { Operation, Parameter } from '../../../lib/openapi/operations.ts';

/** What the list is looked for in: a description's operations, as the page's index or a whole description's index has them. */
interface ListCandidates { operations: readonly (Pick<Operation, 'key' | 'method' | 'apiPath'> & { parameters: readonly Pick<Parameter, 'in' | 'required'>[] })[] }

/**
 * Where the Domains list is read, as far as the panel knows: guessed (the simulator's path; no
 * description, or one that could not be read; a 404/405/501 without JSON says "not offered"),
 * taken from the server's description, or not offered, as the description has no such read.
 */
export type ListRoute =
  | { kind: 'guess' }
  | {
    kind: 'described'; operation: string; template: readonly string[];
    /** The description's change (PATCH) and delete of one domain below the list, by operation key. */
    edit?: DomainItemOperation | undefined;
    remove?: DomainItemOperation | undefined;
  }
  | { kind: 'not-described' };

/** A write of one domain: its operation, and the names of its customer's and its domain's path parameters. */
export interface DomainItemOperation { operation: string; customerParam: string; domainParam: string }

export const GUESSED_ROUTE: ListRoute = { kind: 'guess' };
const GUESSED_TEMPLATE = ['customers', '{customerId}', 'domains'] as const;

const isTemplate = (segment: string) => /^\{[^{}]+\}$/.test(segment);

/**
 * The description's read of a customer's domains: a GET whose path ends in `/{customer}/domains`
 * with that one path parameter and no required query parameter; among several, one below
 * `customers` first, then the shortest path.
 */
export function findListRoute(index: ListCandidates): ListRoute {
  const candidates: { operation: ListCandidates['operations'][number]; template: string[] }[] = [];
  for (const operation of index.operations) {
    if (operation.method !== 'get') continue;
    const template = operation.apiPath.split('/').filter((segment) => segment !== '');
    const last = template.at(-1)?.toLowerCase();
    if (template.length < 2 || last !== 'domains' || !isTemplate(template.at(-2) ?? '')) continue;
    if (template.filter(isTemplate).length !== 1) continue;
    if (operation.parameters.some((parameter) => parameter.required && parameter.in !== 'path' && parameter.in !== 'header')) continue;
    candidates.push({ operation, template });
  }
  const belowCustomers = (template: readonly string[]) => /^customers?$/i.test(template.at(-3) ?? '');
  candidates.sort((a, b) => Number(belowCustomers(b.template)) - Number(belowCustomers(a.template)) || a.template.length - b.template.length);
  const chosen = candidates[0];
  if (!chosen) return { kind: 'not-described' };
  const item = (method: 'patch' | 'delete'): DomainItemOperation | undefined => {
    for (const operation of index.operations) {
      if (operation.method !== method) continue;
      const segments = operation.apiPath.split('/').filter((segment) => segment !== '');
      const last = segments.at(-1) ?? '';
      if (segments.length !== chosen.template.length + 1 || !isTemplate(last)) continue;
      // Below the list's own path: the same literal segments, the customer's parameter by any name.
      if (!chosen.template.every((segment, at) => (isTemplate(segment) ? isTemplate(segments[at] ?? '') : segment === segments[at]))) continue;
      return { operation: operation.key, customerParam: (segments.at(-3) ?? '').slice(1, -1), domainParam: last.slice(1, -1) };
    }
    return undefined;
  };
  return { kind: 'described', operation: chosen.operation.key, template: chosen.template, edit: item('patch'), remove: item('delete') };
}

/** The list's path for `customerId` (an identifier, checked by the caller): its one template segment filled. */
export function listPath(route: ListRoute, customerId: string): readonly string[] {
  const template = route.kind === 'described' ? route.template : GUESSED_TEMPLATE;
  return template.map((segment) => (isTemplate(segment) ? customerId : segment));
}

/** A stable text for query keys: two routes to the same path share a cache entry. */
export const routeKey = (route: ListRoute) => (route.kind === 'described' ? route.template.join('/') : route.kind);

// The route each server's Domains screen last took from its description: the checks of an
// unknown add (the form's, a bulk run's) read the list where the screen does.
const knownRoutes = new Map<string, ListRoute>();
export const knownListRoute = (server: string): ListRoute => knownRoutes.get(server) ?? GUESSED_ROUTE;
export function rememberListRoute(server: string, route: ListRoute): void {
  knownRoutes.set(server, route);
}

/** Thrown instead of asking for a list the server's description does not have. */
export class ListNotDescribedError extends Error {
  override name = 'ListNotDescribedError';
  /** Sets it apart from any Error for the type checker (an error of the same shape would narrow to it). */
  readonly listNotDescribed = true;
}

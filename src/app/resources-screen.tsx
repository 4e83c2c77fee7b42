import { QueryClientProvider } from '@tanstack/react-query';
import { findListRoute, type ListRoute } from '../features/domains/core/list-operation.ts';
import { type ListScreen, ResourcesView } from '../features/resources/resources-view.tsx';
import { isIdentifier } from '../shared/identifier.ts';
import { queryClient } from './query-client.ts';

const routes = new WeakMap<object, ListRoute>();

/**
 * One screen per thing: the domain list the Domains screen reads (the same operation, rows with a
 * `domain`) opens there, for the customer the path names; every other list is the resource list.
 */
const domainsScreen: ListScreen = (described, collection, values) => {
  const operations = described.index.operations;
  const route = routes.get(operations) ?? findListRoute(described.index);
  routes.set(operations, route);
  if (route.kind !== 'described' || route.operation !== collection.list.key) return undefined;
  if (!collection.shape.columns.some((column) => column.name === 'domain')) return undefined;
  const parameter = route.template.find((segment) => /^\{[^{}]+\}$/.test(segment))?.slice(1, -1);
  const customer = parameter !== undefined && Object.hasOwn(values, parameter) ? values[parameter] : undefined;
  return customer !== undefined && isIdentifier(customer) ? `#/domains/${encodeURIComponent(customer)}` : undefined;
};

/** The server's resources as a control panel, read from its description; loaded on demand (src/app/screens.ts). */
export function ResourcesScreen() {
  return (
    <QueryClientProvider client={queryClient}>
      <ResourcesView opens={domainsScreen} />
    </QueryClientProvider>
  );
}

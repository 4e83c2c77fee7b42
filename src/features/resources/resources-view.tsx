import { useEffect } from 'react';
import type { DescribedOk } from '../../lib/openapi/described/described.ts';
import { useServers } from '../../lib/session/server-store.ts';
import { useSettings } from '../../lib/session/settings-store.ts';
import type { Collection, Item } from '../../lib/openapi/resources/resource-model.ts';
import { fillPath, placeOf, resourceHref, type ResourcePlace, trailOf } from '../../lib/openapi/resources/resource-route.ts';
import { itemName } from './rows.ts';
import { useRead } from './use-read.ts';
import { isObject } from '../../lib/openapi/json.ts';
import { ResourceItem } from './resource-item.tsx';
import { ResourceList } from './resource-list.tsx';
import { useResources, useResourceSegments } from './use-resources.ts';
import { useTabCustomer } from '../../lib/session/tab-customer.ts';
import { isCustomerName } from '../../lib/openapi/parameters/parameter-context.ts';
import { useWords } from './words.ts';
import { mayBeInAscii, unicodeShown } from '../../lib/names/shown-name.ts';
import { useNameRules } from '../../lib/names/use-name-rules.ts';

/** The customer parameter of a top collection's path, filled from the tab (`{customerId}` → c0002). */
function topValues(collection: Collection, customer: string | undefined): Record<string, string> {
  // What the schema gives (`{apiVersion}`: v4), then the tab's customer.
  const values: Record<string, string> = { ...collection.given };
  for (const match of collection.apiPath.matchAll(/\{([^}]*)\}/g)) {
    const name = match[1] ?? '';
    if (customer !== undefined && isCustomerName(name)) values[name] = customer;
  }
  return values;
}

/**
 * The server's resources as a control panel: "Resources" (the lists reachable from the top),
 * "Breadcrumb" (every level above the screen, each a link), and the list or the item the
 * address names (#/resources/<its API path>).
 */
export function ResourcesView({ opens }: {
  /** A screen of its own that shows a list better (the Domains screen for the domain list), by its address. */
  opens?: ListScreen | undefined;
} = {}) {
  const words = useWords();
  const state = useResources();
  const segments = useResourceSegments();
  const customer = useTabCustomer();
  const server = useServers().current.name;
  const hasKey = useSettings().apiKey !== '';
  if (state.state === 'loading') return <p role="status" className="pending">{words.loading}</p>;
  if (state.state === 'failed') return <p role="alert" className="alert">{words.noDescription}</p>;
  const { described, model, maps } = state;
  const top = model.top.map((apiPath) => maps.collections.get(apiPath)).filter((collection) => collection !== undefined);
  const place = placeOf(maps, segments);
  const trail = trailOf(maps, segments);
  const listHref = (collection: Collection, values: Record<string, string>, segmentsOfList: readonly string[]) =>
    opens?.(described, collection, values) ?? resourceHref(segmentsOfList);
  const elsewhere = place.kind === 'collection' ? opens?.(described, place.collection, place.values) : undefined;

  return (
    <div className="resources">
      <nav aria-label={words.nav} className="resource-nav">
        {top.length === 0 ? <p>{words.none}</p> : groupsOf(top).map((group) => {
          const links = (
            <ul>
              {group.collections.map((collection) => {
                const values = topValues(collection, customer);
                const target = fillPath(collection.apiPath, values);
                return (
                  <li key={collection.apiPath}>
                    {target ? <a href={listHref(collection, values, target)} aria-current={target.join('/') === segments.join('/') ? 'page' : undefined}>{collection.name}</a>
                      : <span>{collection.name} <span className="hint">({words.needsCustomer})</span></span>}
                  </li>
                );
              })}
            </ul>
          );
          if (group.tag === undefined) return <div key="">{links}</div>;
          // Many lists: by the description's tags, each group folded unless the screen is in it.
          const here = group.collections.some((collection) => {
            const target = fillPath(collection.apiPath, topValues(collection, customer));
            return target?.every((segment, at) => segments[at] === segment) === true;
          });
          return (
            <details key={group.tag} className="resource-group" open={here || undefined}>
              <summary>{group.tag} <span className="hint">({group.collections.length})</span></summary>
              {links}
            </details>
          );
        })}
      </nav>
      {trail.length > 0 && (
        <nav aria-label={words.breadcrumb} className="breadcrumb">
          <ol>
            <li><a href={resourceHref([])}>{words.top}</a></li>
            {trail.map((level, at) => (
              <li key={level.segments.join('/')}>
                <a href={level.place.kind === 'collection' ? listHref(level.place.collection, level.place.values, level.segments) : resourceHref(level.segments)}
                  aria-current={at === trail.length - 1 ? 'page' : undefined}>
                  {level.place.kind === 'collection' ? level.place.collection.name : <ItemCrumb place={level.place} server={server} hasKey={hasKey} />}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {place.kind === 'home' && <p className="intro">{words.intro}</p>}
      {place.kind === 'unknown' && <p className="notice">{words.unknown}</p>}
      {elsewhere !== undefined && <OpenElsewhere href={elsewhere} />}
      {place.kind === 'collection' && elsewhere === undefined && (
        <ResourceList key={segments.join('/')} described={described} collection={place.collection} item={itemOf(maps.items, place.collection)} maps={maps}
          values={place.values} server={server} hasKey={hasKey} />
      )}
      {place.kind === 'item' && (
        <ResourceItem key={segments.join('/')} described={described} collection={place.collection} item={place.item} values={place.values}
          maps={maps} server={server} hasKey={hasKey} listHref={listHref} />
      )}
    </div>
  );
}

/** Where a list is better shown by a screen of its own: that screen's address, else undefined. */
export type ListScreen = (described: DescribedOk, collection: Collection, values: Readonly<Record<string, string>>) => string | undefined;

/** The address of a list that has a screen of its own leads there, so there is one screen per thing. */
function OpenElsewhere({ href }: { href: string }) {
  const words = useWords();
  useEffect(() => { window.location.replace(href); }, [href]);
  return <p className="notice"><a href={href}>{words.openScreen}</a></p>;
}

/** Top lists past this many are grouped by their tags. */
const GROUP_PAST = 12;

/** The top lists, in groups by tag where there are many and tags to group them by; else one group. */
function groupsOf(top: readonly Collection[]): { tag: string | undefined; collections: Collection[] }[] {
  const tags = new Set(top.map((collection) => collection.tag));
  if (top.length <= GROUP_PAST || tags.size < 2) return [{ tag: undefined, collections: [...top] }];
  const groups = new Map<string, Collection[]>();
  for (const collection of top) {
    const tag = collection.tag ?? '—';
    groups.set(tag, [...groups.get(tag) ?? [], collection]);
  }
  return [...groups].map(([tag, collections]) => ({ tag, collections }));
}

const itemOf = (items: ReadonlyMap<string, Item>, collection: Collection) => (collection.item === undefined ? undefined : items.get(collection.item));

/** An item's level in the breadcrumb: its name as read (the item page's own read, from the cache), else its identifier. */
function ItemCrumb({ place, server, hasKey }: { place: Extract<ResourcePlace, { kind: 'item' }>; server: string; hasKey: boolean }) {
  const read = useRead(server, fillPath(place.item.apiPath, place.values), hasKey && place.item.read !== undefined, place.item.apiPath);
  const named = itemName(isObject(read.data) ? read.data : undefined, place.collection, place.values[place.item.parameter] ?? '');
  const rules = useNameRules(mayBeInAscii(named));
  return <>{unicodeShown(named, rules)}</>;
}

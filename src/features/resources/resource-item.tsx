import { useEffect, useId, useRef, useState } from 'react';
import type { DescribedOk } from '../../lib/openapi/described/described.ts';
import { OperationWriteForm } from '../../lib/openapi/described/operation-write-form.tsx';
import { humanLabel } from '../../lib/openapi/form/fields/human-label.ts';
import { isObject, type JsonObject } from '../../lib/openapi/json.ts';
import type { Collection, Item, Part } from '../../lib/openapi/resources/resource-model.ts';
import { FormDialog } from '../../lib/ui/form-dialog.tsx';
import { operationHref } from '../../lib/openapi/operation-route.ts';
import { capitalised } from '../../lib/openapi/resources/resource-names.ts';
import { mayBeInAscii, unicodeShown } from '../../lib/names/shown-name.ts';
import { useNameRules } from '../../lib/names/use-name-rules.ts';
import { fillPath } from '../../lib/openapi/resources/resource-route.ts';
import { cellText, itemName } from './rows.ts';
import { useRead } from './use-read.ts';
import { isSecretName } from '../../lib/util/secret-name.ts';
import { type Words, useValueWords, useWords } from './words.ts';

const presetOf = (values: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [`path:${name}`, value]));

type Open = { kind: 'edit' | 'delete' } | { kind: 'part'; part: Part };


/**
 * An item's page: its name, its fields as a readable list, its settings each with "Edit", its
 * write-only aspects and actions as buttons named by them, what belongs to it (its lists) as
 * links, "Edit" and "Delete".
 */
export function ResourceItem({ described, collection, item, values, maps, server, hasKey, listHref }: {
  described: DescribedOk; collection: Collection; item: Item; values: Record<string, string>;
  maps: { collections: ReadonlyMap<string, Collection> }; server: string; hasKey: boolean;
  /** A list's address: its own screen where it has one. */
  listHref: (collection: Collection, values: Record<string, string>, segments: readonly string[]) => string;
}) {
  const words = useWords();
  const headingId = useId();
  const [open, setOpen] = useState<Open>();
  // A page opened from within the screen (a link that is gone now) takes focus on its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  const path = fillPath(item.apiPath, values);
  const read = useRead(server, path, hasKey && item.read !== undefined, item.apiPath);
  const body = isObject(read.data) ? read.data : undefined;
  const named = itemName(body, collection, values[item.parameter] ?? '');
  const rules = useNameRules(mayBeInAscii(named));
  // A host name as people read it (bücher.example), its ASCII form beside.
  const name = unicodeShown(named, rules);
  const close = () => { setOpen(undefined); };
  const preset = presetOf(values);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>{name}</h2>
      <p className="hint">{capitalised(collection.singular)}{name !== named && <> · {named}</>}</p>
      <div className="actions">
        {item.change && <button type="button" onClick={() => { setOpen({ kind: 'edit' }); }}>{words.edit(name)}</button>}
        {item.remove && <button type="button" className="danger" onClick={() => { setOpen({ kind: 'delete' }); }}>{words.remove(name)}</button>}
        {[...item.aspects, ...item.actions].map((part) => (
          <button key={part.apiPath} type="button" className="secondary" onClick={() => { setOpen({ kind: 'part', part }); }}>
            {item.aspects.includes(part) ? words.change(part.name) : part.name}
          </button>
        ))}
      </div>
      {item.collections.length > 0 && (
        <nav aria-label={words.belongs}>
          <h3>{words.belongs}</h3>
          <ul className="resource-links">
            {item.collections.map((apiPath) => {
              const below = maps.collections.get(apiPath);
              const target = below ? fillPath(below.apiPath, values) : undefined;
              return below && target ? <li key={apiPath}><a href={listHref(below, values, target)}>{below.name}</a></li> : null;
            })}
          </ul>
        </nav>
      )}
      {item.read && (
        <section aria-label={words.details}>
          <h3>{words.details}</h3>
          {read.isPending && hasKey && <p role="status" className="pending">{words.loading}</p>}
          {read.isError && <p role="alert" className="alert">{words.itemFailed}</p>}
          {body && <Fields value={body} words={words} />}
        </section>
      )}
      {[...item.settings, ...item.views].map((part) => <Settings key={part.apiPath} part={part} values={values} server={server} hasKey={hasKey} onEdit={() => { setOpen({ kind: 'part', part }); }} />)}
      <OnApiScreen item={item} words={words} />
      {open?.kind === 'edit' && item.change && (
        <FormDialog title={words.edit(name)} closeLabel={words.close} onClose={close}>
          <OperationWriteForm plain described={described} operationKey={item.change.key} server={server} hasKey={hasKey} preset={preset} submitLabel={words.save} />
        </FormDialog>
      )}
      {open?.kind === 'delete' && item.remove && (
        <OperationWriteForm plain key="delete" mode="delete" described={described} operationKey={item.remove.key} server={server} hasKey={hasKey} preset={preset} onClose={close} />
      )}
      {open?.kind === 'part' && open.part.write && (
        <FormDialog title={item.aspects.includes(open.part) ? words.change(open.part.name) : item.settings.includes(open.part) ? words.edit(open.part.name) : open.part.name}
          closeLabel={words.close} onClose={close}>
          <OperationWriteForm plain described={described} operationKey={open.part.write.key} server={server} hasKey={hasKey} preset={preset}
            submitLabel={item.actions.includes(open.part) ? open.part.name : words.save} />
        </FormDialog>
      )}
    </section>
  );
}

/** The item's operations on the API screen, named in words, for those who want every detail. */
function OnApiScreen({ item, words }: { item: Item; words: Words }) {
  const parts = [...item.settings, ...item.aspects, ...item.actions, ...item.views];
  const links = [
    ...(item.read ? [{ key: item.read.key, text: words.opRead }] : []),
    ...(item.change ? [{ key: item.change.key, text: words.opChange }] : []),
    ...(item.remove ? [{ key: item.remove.key, text: words.opDelete }] : []),
    ...parts.flatMap((part) => [part.read, part.write].filter((ref) => ref !== undefined).map((ref) => ({ key: ref.key, text: part.name }))),
  ];
  if (links.length === 0) return null;
  return (
    <details className="on-api-screen">
      <summary>{words.onApiScreen}</summary>
      <ul className="resource-links">
        {links.map((link) => <li key={link.key}><a href={operationHref(link.key)}>{link.text}</a></li>)}
      </ul>
    </details>
  );
}

function Settings({ part, values, server, hasKey, onEdit }: { part: Part; values: Record<string, string>; server: string; hasKey: boolean; onEdit: () => void }) {
  const words = useWords();
  const read = useRead(server, fillPath(part.apiPath, values), hasKey && part.read !== undefined, part.apiPath);
  return (
    <section aria-label={part.name}>
      <h3>{part.name}</h3>
      {isObject(read.data) && <Fields value={read.data} words={words} />}
      {read.isError && <p role="alert" className="alert">{words.itemFailed}</p>}
      {part.write && <button type="button" className="secondary" onClick={onEdit}>{words.edit(part.name)}</button>}
    </section>
  );
}

/** An object's first properties, without listing a huge object's every key. */
function entriesOf(value: JsonObject, most: number): [string, JsonObject[string]][] {
  const entries: [string, JsonObject[string]][] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    entries.push([key, value[key] ?? null]);
    if (entries.length >= most) break;
  }
  return entries;
}

/** An object's fields as a list: labels made human, values in words, nested objects one level as their own list. */
function Fields({ value, words, depth = 0 }: { value: JsonObject; words: Words; depth?: number }) {
  const shown = useValueWords();
  const rules = useNameRules(Object.values(value).some((inner) => typeof inner === 'string' && mayBeInAscii(inner)));
  // A host name in Unicode, as sent beside it: bücher.example (xn--bcher-kva.example).
  const text = (inner: JsonObject[string]) => {
    const plain = cellText(inner, shown);
    const unicode = typeof inner === 'string' ? unicodeShown(inner, rules) : plain;
    return unicode === plain ? plain : `${unicode} (${plain})`;
  };
  return (
    <dl className="resource-fields">
      {/* A secret (password, token) is never shown, even where a server answers one. */}
      {entriesOf(value, 100).filter(([key]) => !isSecretName(key)).map(([key, inner]) => (
        <div key={key}>
          <dt>{humanLabel(key)}</dt>
          <dd>{isObject(inner) && depth < 1 ? <Fields value={inner} words={words} depth={depth + 1} /> : text(inner)}</dd>
        </div>
      ))}
    </dl>
  );
}

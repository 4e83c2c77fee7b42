import { type ReactNode, useState } from 'react';
import { useT } from '../../lib/i18n/i18n.ts';
import { isObject, type JsonObject, type JsonValue } from '../../lib/openapi/json.ts';
import { lookUp } from '../../lib/openapi/refs.ts';
import { listed, typeOf } from '../../lib/openapi/read-request.ts';

interface Props {
  document: JsonObject;
  schema: JsonValue | undefined;
  name?: string;
  required?: boolean;
  /** The `$ref` pointers on the way here: a schema met again is shown as recursive, not again. */
  seen?: readonly string[];
}

const show = (value: JsonValue | undefined) => {
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
};

/**
 * A JSON Schema as a readable tree: type, format, required, enum, default, example, readOnly,
 * writeOnly, nullable, oneOf/anyOf/allOf, properties and items. Nested parts render when opened,
 * so a schema of any size (or a recursive one) costs what is open.
 */
export function SchemaView({ document, schema, name, required = false, seen = [] }: Props) {
  const t = useT();
  let resolved: JsonValue | undefined = schema;
  let refName: string | undefined;
  let pointer: string | undefined;
  const found = lookUp(document, schema);
  if (found) {
    if (!found.ok) {
      return <li className="schema-node"><SchemaName name={name} required={required} /> <span className="schema-note">{t(`api.schema.ref.${found.reason}`, { ref: found.ref })}</span></li>;
    }
    pointer = found.pointer;
    refName = found.pointer.split('/').at(-1);
    if (seen.includes(found.pointer)) {
      return <li className="schema-node"><SchemaName name={name} required={required} /> <span className="schema-note">{t('api.schema.recursive', { name: refName ?? '' })}</span></li>;
    }
    resolved = found.value;
  }
  if (!isObject(resolved)) return <li className="schema-node"><SchemaName name={name} required={required} /> <span className="schema-type">{t('api.schema.any')}</span></li>;

  const path = pointer ? [...seen, pointer] : seen;
  const type = typeOf(resolved);
  const nullable = resolved.nullable === true || (Array.isArray(resolved.type) && resolved.type.includes('null'));
  const requiredNames = new Set(Array.isArray(resolved.required) ? resolved.required.filter((n): n is string => typeof n === 'string') : []);
  const properties = isObject(resolved.properties) ? Object.entries(resolved.properties) : [];
  const variants = (['oneOf', 'anyOf', 'allOf'] as const).flatMap((kind) => {
    const list = resolved[kind];
    return Array.isArray(list) ? [{ kind, list }] : [];
  });
  const items = type === 'array' ? resolved.items : undefined;
  const additional = isObject(resolved.additionalProperties) ? resolved.additionalProperties : undefined;
  const hasChildren = properties.length > 0 || variants.length > 0 || items !== undefined || additional !== undefined;
  const facts = [
    typeof resolved.format === 'string' && t('api.schema.format', { format: resolved.format }),
    nullable && t('api.schema.nullable'),
    resolved.readOnly === true && t('api.schema.readOnly'),
    resolved.writeOnly === true && t('api.schema.writeOnly'),
    resolved.deprecated === true && t('api.schema.deprecated'),
    // The first options and a count: an enum of 100,000 values is a description's right, not a page's.
    Array.isArray(resolved.enum) && t('api.schema.enum', { values: listed(resolved.enum.slice(0, 21).map(show), resolved.enum.length) }),
    resolved.default !== undefined && t('api.schema.default', { value: show(resolved.default) }),
    resolved.example !== undefined && t('api.schema.example', { value: show(resolved.example) }),
    typeof resolved.minimum === 'number' && t('api.schema.minimum', { value: resolved.minimum }),
    typeof resolved.maximum === 'number' && t('api.schema.maximum', { value: resolved.maximum }),
    typeof resolved.pattern === 'string' && t('api.schema.pattern', { value: resolved.pattern.slice(0, 80) }),
  ].filter((fact): fact is string => typeof fact === 'string');
  const line = (
    <>
      <SchemaName name={name} required={required} />{' '}
      <span className="schema-type">{type === 'array' ? t('api.schema.arrayOf') : type ?? (variants[0]?.kind ?? t('api.schema.any'))}</span>
      {refName && <span className="schema-ref"> ({refName})</span>}
      {facts.length > 0 && <span className="schema-facts"> · {facts.join(' · ')}</span>}
      {typeof resolved.description === 'string' && <span className="schema-description"> — {resolved.description.slice(0, 300)}</span>}
    </>
  );
  if (!hasChildren) return <li className="schema-node">{line}</li>;
  return (
    <li className="schema-node">
      <Expandable summary={line}>
        <ul className="schema-children">
          {properties.map(([property, child]) => (
            <SchemaView key={property} document={document} schema={child} name={property} required={requiredNames.has(property)} seen={path} />
          ))}
          {items !== undefined && <SchemaView document={document} schema={items} name={t('api.schema.items')} seen={path} />}
          {additional && <SchemaView document={document} schema={additional} name={t('api.schema.additional')} seen={path} />}
          {variants.map(({ kind, list }) => list.map((variant, index) => (
            <SchemaView key={`${kind}-${String(index)}`} document={document} schema={variant} name={t(`api.schema.${kind}`, { n: index + 1 })} seen={path} />
          )))}
        </ul>
      </Expandable>
    </li>
  );
}

/** A part that renders its content only once it is opened. */
function Expandable({ summary, children }: { summary: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details open={open} onToggle={(event) => { setOpen(event.currentTarget.open); }}>
      <summary>{summary}</summary>
      {open && children}
    </details>
  );
}

function SchemaName({ name, required }: { name: string | undefined; required: boolean }) {
  const t = useT();
  if (name === undefined) return null;
  return <><code className="schema-name">{name}</code>{required && <span className="schema-required"> ({t('api.schema.required')})</span>}</>;
}

// What every field descriptor holds (key, label, hint, default, ...), read alike for each kind,
// and the JSON-text field that every part a form cannot show falls back to.
import type { At, Context } from './build-context.ts';
import { MAX_HINT, MAX_LABEL, MAX_PLACEHOLDER } from './field-limits.ts';
import type { FieldBase, JsonField, JsonReason } from './field-types.ts';
import type { Keyword, View } from './schema-view.ts';
import { humanLabel } from './human-label.ts';

export const text = (keyword: Keyword | undefined, max: number): string | undefined => {
  const value = keyword?.value;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
};

export const finite = (keyword: Keyword | undefined): number | undefined =>
  typeof keyword?.value === 'number' && Number.isFinite(keyword.value) ? keyword.value : undefined;

export const count = (keyword: Keyword | undefined): number | undefined => {
  const value = finite(keyword);
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
};

/**
 * A title that is itself a wire name (`addon_slugs`, `clusterUuid`) reads as one made human; a
 * title of words stays (`E-mail`, `Wi-Fi`, `macOS`, `iPhone`).
 */
export const titleLabel = (title: string | undefined): string | undefined =>
  (title !== undefined && !/\s/.test(title) && /\p{L}_\p{L}|^\p{Ll}{2,}\p{Lu}\p{Ll}/u.test(title) ? humanLabel(title) : title);

function placeholderOf(view: View): string | undefined {
  const examples = view.keywords.get('examples')?.value;
  const example = Array.isArray(examples) ? examples[0] : view.keywords.get('example')?.value;
  if (example === undefined) return undefined;
  const shown = typeof example === 'string' ? example : JSON.stringify(example);
  return shown.slice(0, MAX_PLACEHOLDER);
}

function nextKey(context: Context): string {
  const key = `f${context.count}`;
  context.count += 1;
  return key;
}

export function baseOf(context: Context, at: At, view: View, schemaPointer: string): FieldBase {
  return {
    key: nextKey(context),
    pointer: at.pointer,
    schemaPointer,
    name: at.name,
    label: titleLabel(text(view.keywords.get('title'), MAX_LABEL)) ?? humanLabel(at.name ?? ''),
    hint: text(view.keywords.get('description'), MAX_HINT),
    placeholder: placeholderOf(view),
    required: at.required,
    nullable: view.nullable,
    default: view.keywords.get('default')?.value,
    deprecated: view.keywords.get('deprecated')?.value === true,
  };
}

export function jsonField(context: Context, at: At, schemaPointer: string, reason: JsonReason, view?: View): JsonField {
  if (view !== undefined) return { ...baseOf(context, at, view, schemaPointer), kind: 'json', reason };
  return {
    key: nextKey(context), pointer: at.pointer, schemaPointer, name: at.name, label: humanLabel(at.name ?? ''), hint: undefined, placeholder: undefined,
    required: at.required, nullable: false, default: undefined, deprecated: false, kind: 'json', reason,
  };
}

// From a concrete body pointer back to the field that shows it, so that a problem found in the
// body (by the validator or the server) lands on its field.
import { escapePointer } from '../../json.ts';
import type { FieldDescriptor, FormFields } from './field-types.ts';

/** A field found for a concrete body pointer, and the part of the pointer below it (inside JSON text). */
export interface FieldAt {
  field: FieldDescriptor;
  /** The concrete pointer of the field found. */
  pointer: string;
  /** Segments below the field: non-empty only for a `json` field. */
  rest: readonly string[];
}

export function splitPointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

const ARRAY_INDEX = /^(?:0|[1-9]\d{0,8})$/;

/**
 * The field a concrete body pointer (`/web/target`, `/tags/3/name`, `/labels/any key`) lands
 * on: a property by name, an array item by index, a row by any other name; inside a `json`
 * field the rest is returned. Variants are tried in order. Undefined when nothing matches.
 */
export function fieldAt(fields: FormFields, pointer: string): FieldAt | undefined {
  const segments = splitPointer(pointer);
  if (segments === undefined) return undefined;
  return walk(fields.root, segments, 0, '');
}

function walk(field: FieldDescriptor, segments: readonly string[], index: number, concrete: string): FieldAt | undefined {
  if (index === segments.length) return { field, pointer: concrete, rest: [] };
  const segment = segments[index] ?? '';
  const below = `${concrete}/${escapePointer(segment)}`;
  switch (field.kind) {
    case 'json':
      return { field, pointer: concrete, rest: segments.slice(index) };
    case 'object': {
      const child = field.children.find((candidate) => candidate.name === segment);
      if (child) return walk(child, segments, index + 1, below);
      if (field.rows && !field.readOnlyNames.includes(segment)) return walk(field.rows.value, segments, index + 1, below);
      return undefined;
    }
    case 'array':
      return ARRAY_INDEX.test(segment) ? walk(field.items, segments, index + 1, below) : undefined;
    case 'variants': {
      let partial: FieldAt | undefined;
      for (const variant of field.variants) {
        const found = walk(variant.field, segments, index, concrete);
        if (found?.rest.length === 0) return found;
        partial ??= found;
      }
      return partial;
    }
    default:
      return undefined;
  }
}

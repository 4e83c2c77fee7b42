// JSON as the description is written: plain data, serialisable as it stands.
export type Json = null | boolean | number | string | readonly Json[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: Json;
}

export type ComponentSection = 'schemas' | 'parameters' | 'responses';

export function ref(section: ComponentSection, name: string): JsonObject {
  return { $ref: `#/components/${section}/${name}` };
}

// Which of an operation's request bodies a form is built for (the JSON one), asked before any
// field is built and apart from the builder.
import type { Operation } from '../../operations.ts';
import { escapePointer, isObject, type JsonObject, type JsonValue } from '../../json.ts';
import { atPointer, lookUp } from '../../refs.ts';

/** The request body's JSON schema of an operation, if it has a JSON one. */
export interface BodySchema {
  mediaType: string;
  schema: JsonValue | undefined;
  /** Where the schema is in the description. */
  pointer: string;
  required: boolean;
}

const JSON_MEDIA = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export function bodySchemaOf(document: JsonObject, operation: Operation): BodySchema | undefined {
  const body = operation.requestBody;
  if (body === undefined || !isObject(body.content)) return undefined;
  // The index keeps the looked-up body; its own pointer (the component's, for a $ref) is for messages.
  const raw = atPointer(document, `${operation.pointer}/requestBody`);
  const found = lookUp(document, raw);
  const bodyPointer = found?.ok ? found.pointer : `${operation.pointer}/requestBody`;
  const content = body.content;
  const types = Object.keys(content);
  const mediaType = types.find((type) => type.toLowerCase() === 'application/json') ?? types.find((type) => JSON_MEDIA.test(type));
  if (mediaType === undefined) return undefined;
  const media = content[mediaType];
  return {
    mediaType,
    schema: isObject(media) ? media.schema : undefined,
    pointer: `${bodyPointer}/content/${escapePointer(mediaType)}/schema`,
    required: body.required === true,
  };
}

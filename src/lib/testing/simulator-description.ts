// The simulator's own description, as `npm run dev` serves it to a key of the given view: for
// unit tests of what the panel reads from a description (the resource model), on the model server.
import { buildOpenApiDocument, type DescriptionView } from '../../../simulator/api/openapi/openapi-document.ts';
import { API_ROUTES } from '../../../simulator/api/routes/route-table.ts';
import type { JsonObject } from '../openapi/json.ts';

export type { DescriptionView };

export function simulatorDescription(view: DescriptionView): JsonObject {
  return buildOpenApiDocument(API_ROUTES, { servicePath: 'liveconfig', view }) as JsonObject;
}

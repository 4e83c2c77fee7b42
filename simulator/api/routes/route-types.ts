// One row of the route table (route-table.ts): what the simulator routes and what its OpenAPI
// description says about it, side by side, so the two cannot drift apart.
import type { Caller } from '../access.ts';
import type { DescriptionView, SchemaName } from '../openapi/openapi-schemas.ts';
import type { JsonObject } from '../openapi/json.ts';
import type { SeedCustomer } from '../seed.ts';
import type { SimState } from '../state.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export const API_TAGS = ['Customers', 'Hosting accounts', 'Domains', 'Mailboxes', 'Mail forwards', 'DNS records', 'Certificates'] as const;
export type ApiTag = (typeof API_TAGS)[number];

/** Query parameters the description defines (openapi-parameters.ts), by name. */
export type QueryName = 'account' | 'page' | 'per_page';

export interface RouteRequest {
  state: SimState;
  caller: Caller;
  /** Path parameters, decoded. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The JSON object a route with `requestBody` was sent; {} for the others. */
  body: Record<string, unknown>;
  /** The request's path as received, for Location headers. */
  path: string;
}

export type CustomerRequest = RouteRequest & { customer: SeedCustomer };

interface RouteBase {
  method: HttpMethod;
  /** OpenAPI path template relative to the API root, e.g. `/customers/{customerId}/domains`. */
  path: string;
  operationId: string;
  tag: ApiTag;
  summary: string;
  /** CommonMark. */
  description: string;
  query?: readonly QueryName[];
  /** `example` may follow the reader, e.g. to name one of its own hosting accounts. */
  requestBody?: { schema: SchemaName; description: string; example: JsonObject | ((view: DescriptionView) => JsonObject) };
  success: {
    status: 200 | 201 | 204;
    description: string;
    /** The answer's schema; `list` makes it an array of it. */
    schema?: SchemaName;
    list?: boolean;
    /** 201 answers name the new resource in a Location header. */
    location?: boolean;
    /** The answer carries the list's total in `X-Total-Count` (list-paging.ts). */
    totalCount?: boolean;
  };
  /** What a 409 means here, for the routes that can answer one. */
  conflict?: string;
}

/**
 * Described to admins only. A customer may still call it and gets an answer cut to its own
 * customer, as LiveConfig's lists do; its description just does not offer what is not its own.
 */
export interface ServerRoute extends RouteBase {
  audience: 'admin';
  handle(request: RouteRequest): Response | Promise<Response>;
}

/** Under `/customers/{customerId}`: admins for any customer, a customer for its own. */
export interface CustomerRoute extends RouteBase {
  audience: 'customer';
  handle(request: CustomerRequest): Response | Promise<Response>;
}

export type ApiRoute = ServerRoute | CustomerRoute;

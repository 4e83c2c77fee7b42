// What a request to the hosting API is, as the api client takes it, sends it and shows it: the
// types every caller shares (api-client.ts sends, build-request.ts builds).
import type * as z from 'zod/mini';
import type { ActivityOutcome } from '../activity/activity-log.ts';
import type { ApiError } from './api-error.ts';

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The headers besides the panel's own that the proxy forwards (src/server/proxy/proxy-headers.ts). */
export const EXTRA_HEADERS = ['X-Customer-ID', 'X-User-Name', 'If-Match', 'If-None-Match'] as const;
export type ExtraHeader = (typeof EXTRA_HEADERS)[number];

export type QueryValue = string | number | boolean;
export type Query = Readonly<Record<string, QueryValue | readonly QueryValue[] | undefined>>;

/** A read changes nothing on the server: its outcome is never unknown, whatever happens. */
export const isReadMethod = (method: HttpMethod) => method === 'GET' || method === 'HEAD';

export interface ApiRequest<T> {
  method: HttpMethod;
  /** Path segments below `/<service>/api/v1`; each one must pass the allowlist. */
  path: readonly string[];
  /** Indexes of `path` whose segments are secrets (`/tokens/{token}`): masked wherever the request is shown or recorded. */
  secretSegments?: readonly number[];
  /** Query parameters whose values are secrets besides those a secret's name marks (their schema says so). */
  secretQuery?: readonly string[];
  /** Query parameters, in this order; an array repeats its name; `undefined` leaves one out. */
  query?: Query;
  /** Headers the proxy forwards besides the panel's own (acting for a customer, conditions). */
  headers?: Readonly<Partial<Record<ExtraHeader, string>>>;
  body?: unknown;
  /** Parses a 2xx body; an empty 2xx body (and every HEAD answer) parses `undefined`. */
  schema: z.ZodMiniType<T>;
  signal?: AbortSignal;
  /**
   * The hosting server the request is bound to (a bulk run, an add in flight): its API prefix
   * and its key, whatever is selected meanwhile. Without it, the server current when it is sent.
   */
  server?: string;
  /** Told the status of a 2xx answer before it is parsed (failures carry it in the ApiError). */
  onSuccessStatus?: (status: number) => void;
  /** Told the request exactly as it is handed to fetch, the key replaced by a placeholder. */
  onSent?: (sent: ShownRequest) => void;
  /**
   * For the activity log: what the request is about (e.g. the domain) and how the caller judges
   * its answers; `onRecorded` learns the entry's id. By default a read is "read", a write is
   * judged by its method (created, changed, deleted), any failure "failed" or "unknown".
   */
  activity?: {
    subject?: string;
    /** How a person reads the subject, where it differs (a domain in Unicode; `subject` is ASCII). */
    subjectShown?: string;
    success?: ActivityOutcome;
    failure?: (error: ApiError) => ActivityOutcome | undefined;
    onRecorded?: (id: string) => void;
  };
}

export type ShowableRequest = Pick<ApiRequest<unknown>, 'method' | 'path' | 'secretSegments' | 'secretQuery' | 'query' | 'headers' | 'body' | 'server'>;

/** A read's whole answer, as the API screen shows it: nothing parsed, nothing left out but past the cap. */
export interface Exchange {
  status: number;
  /** The answer's headers (those the proxy passes on), names lower case, in order. */
  headers: readonly (readonly [string, string])[];
  contentType: string | null;
  /** The body as text, at most MAX_EXCHANGE_BYTES of it; '' for HEAD. */
  text: string;
  truncated: boolean;
  durationMs: number;
  /** The request exactly as sent, the key a placeholder. */
  sent: ShownRequest;
}

/** The most of a 2xx body `exchange` reads (a larger answer is cut, and says so). */
export const MAX_EXCHANGE_BYTES = 20 * 1024 * 1024;

export type ExchangeRequest = Omit<ApiRequest<unknown>, 'schema' | 'onSuccessStatus' | 'onSent'>;

export type ApiClient = (<T>(request: ApiRequest<T>) => Promise<T>) & {
  /**
   * The request, sent exactly as an ordinary one (bound, recorded in Activity, errors thrown as
   * ApiError), its 2xx answer handed back whole: status, headers, text. For a console that shows
   * what any operation answered.
   */
  exchange: (request: ExchangeRequest) => Promise<Exchange>;
  /**
   * The request as it would be sent now, to the server it would go to (its binding, or the
   * current one), with that server's language and the key as a placeholder: "Show request".
   */
  show: (request: ShowableRequest) => ShownRequest;
};

/** Stands in for the key wherever a request is shown: the key itself is never displayed. */
export const API_KEY_PLACEHOLDER = '<API-Key>';

/** A request exactly as the client hands it to fetch(): the one builder of URL, headers and body. */
export interface BuiltRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | null;
}

/** A request as shown to the user ("Show request"): built as sent, the key a placeholder. */
export interface ShownRequest extends BuiltRequest {
  /** The hosting server it goes (or went) to. */
  server: string;
}


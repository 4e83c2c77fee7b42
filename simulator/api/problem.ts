// RFC 9457 problem details: the one error shape the simulator sends, so the client's handling of
// structured errors is exercised on every failure path (faults cover the other shapes).

/** One invalid field of the body. */
export interface FieldError {
  /** JSON pointer in URI-fragment form, e.g. "#/web/type". */
  pointer: string;
  detail: string;
}

/** One invalid query parameter. */
export interface ParameterError {
  /** The parameter's name, e.g. "per_page" (as JSON:API's `source.parameter`). */
  parameter: string;
  detail: string;
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  500: 'Internal Server Error',
};

export function problemResponse(
  status: number,
  detail: string,
  options: { errors?: readonly (FieldError | ParameterError)[]; headers?: Record<string, string> } = {},
): Response {
  const body = {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...(options.errors ? { errors: options.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...options.headers, 'Content-Type': 'application/problem+json' },
  });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json' },
  });
}

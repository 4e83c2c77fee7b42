// What the panel's own paths answer, for every method: the contract the Node servers and the nginx
// template both keep (production-server.test.ts asks npm start, e2e/nginx/nginx-static.spec.ts nginx).

export const PANEL_PATHS = ['/__panel/runtime.json', '/__panel/health', '/__panel/other', '/__panel/proxy-error/upstream-502', '/__panel/method-not-allowed'] as const;
export const PANEL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** One answer as a line of the table: method, path, status, Allow, and the body (JSON as `{…}`). */
export const panelAnswerLine = (method: string, urlPath: string, answer: { status: number; allow: string | undefined; body: string }) =>
  `${method} ${urlPath} ${answer.status} ${answer.allow ?? '-'} ${JSON.stringify(answer.body.startsWith('{') ? '{…}' : answer.body)}`;

/** The table as both servers answer it: runtime.json and health for GET and HEAD, a 404 for any other path, a 405 for any other method. */
export function expectedPanelAnswers(): string[] {
  return PANEL_PATHS.flatMap((urlPath) => {
    const ok = urlPath === '/__panel/runtime.json' || urlPath === '/__panel/health';
    return PANEL_METHODS.map((method) => {
      if (method === 'GET') return ok ? panelAnswerLine(method, urlPath, { status: 200, allow: undefined, body: '{' }) : panelAnswerLine(method, urlPath, { status: 404, allow: undefined, body: 'Not found\n' });
      if (method === 'HEAD') return panelAnswerLine(method, urlPath, { status: ok ? 200 : 404, allow: undefined, body: '' });
      return panelAnswerLine(method, urlPath, { status: 405, allow: 'GET, HEAD', body: 'Method not allowed\n' });
    });
  });
}

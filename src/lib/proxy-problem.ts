/**
 * The `type` of the RFC 9457 problem the panel's own proxy (src/server) answers with when it
 * cannot reach the hosting server. Shared by both sides so the page can tell the proxy's 502
 * from a 502 of the hosting server.
 */
export const PROXY_PROBLEM_TYPE = 'urn:hosting-panel:proxy-error';

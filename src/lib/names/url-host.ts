// The host of an address pasted from a browser's address bar. Plain string work, no tr46: the
// add form uses it on every paste, before the name rules (a chunk of their own) are loaded.

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

// A scheme ("https://"), a leading "//" or a path ("example.org/about") makes the input a URL,
// and people paste those from the address bar; its host is what they mean. A bare "host:port"
// or "user@host" is not reduced: without a path it is more likely a typo than a paste.
export function hostOfUrl(text: string): string | undefined {
  const scheme = SCHEME.exec(text);
  let rest: string;
  if (scheme) rest = text.slice(scheme[0].length);
  else if (text.startsWith('//')) rest = text.slice(2);
  else if (text.includes('/')) rest = text;
  else return undefined;
  const end = rest.search(/[/?#]/);
  const authority = end < 0 ? rest : rest.slice(0, end);
  return withoutPort(authority.slice(authority.lastIndexOf('@') + 1));
}

function withoutPort(authority: string): string {
  if (authority.startsWith('[')) {
    const close = authority.indexOf(']');
    return close < 0 ? authority : authority.slice(0, close + 1);
  }
  const colon = authority.indexOf(':');
  // Several colons mean a bare IPv6 address, not a port.
  if (colon >= 0 && colon === authority.lastIndexOf(':') && /^[0-9]*$/.test(authority.slice(colon + 1))) {
    return authority.slice(0, colon);
  }
  return authority;
}

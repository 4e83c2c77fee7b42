import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown, safeHref } from './markdown.tsx';

describe('Markdown', () => {
  it('renders nesting deeper than it shows as text, never overflowing the stack', () => {
    const html = renderToString(createElement(Markdown, { text: `${'>'.repeat(1500)} deep` }));
    expect(html).toContain('deep');
  });

  it('shows raw HTML as text, links only to http(s), and never an image', () => {
    const html = renderToString(createElement(Markdown, { text: 'See [a](javascript:alert(1)) [b](https://example.org) ![i](https://t.example/p.png) <b onclick="x()">b</b>\n\n<script>x()</script>' }));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('href="https://example.org/"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).not.toContain('<img');
  });

  it.each([['javascript:alert(1)', undefined], ['JAVASCRIPT:x', undefined], ['data:text/html,x', undefined], ['/relative', undefined], ['http://a.example/x', 'http://a.example/x']])(
    'safeHref(%j) is %j', (url, expected) => {
      expect(safeHref(url)).toBe(expected);
    });
});

import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { type ReactNode, useMemo } from 'react';

/**
 * Longer descriptions are cut: a description is read, not a book, and CommonMark's parser is
 * super-linear on some inputs (8 KB of list markers take seconds), so the cap is small.
 */
const MAX_MARKDOWN_CHARS = 2_000;
/** Deeper nesting (2,000 `>` would overflow the stack) is shown as its text. */
const MAX_MARKDOWN_DEPTH = 16;

/**
 * A description's CommonMark as React elements, never as HTML: raw HTML in it shows as text,
 * links go only to http(s) and open apart from the panel (`noopener noreferrer`), images are
 * never fetched (their text and address are shown instead), headings become bold lines.
 */
export function Markdown({ text }: { text: string }) {
  const tree = useMemo(() => {
    try {
      return fromMarkdown(text.length > MAX_MARKDOWN_CHARS ? `${text.slice(0, MAX_MARKDOWN_CHARS)}…` : text);
    } catch {
      return undefined;
    }
  }, [text]);
  if (!tree) return <p className="markdown">{text.slice(0, MAX_MARKDOWN_CHARS)}</p>;
  return <div className="markdown">{children(tree, 0)}</div>;
}

function children(parent: Parents, depth: number): ReactNode[] {
  if (depth > MAX_MARKDOWN_DEPTH) return [plainText(parent)];
  return parent.children.map((node, index) => render(node, index, depth + 1));
}

/** A node's text, without recursion: for what is nested too deep to render as elements. */
function plainText(root: Nodes): string {
  let text = '';
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    if ('value' in node) text += node.value;
    else if ('children' in node) for (let i = node.children.length - 1; i >= 0; i -= 1) { const child = node.children[i]; if (child) stack.push(child); }
  }
  return text;
}

/** A description's CommonMark as the text it reads (no markup), for a short form of it. */
export function markdownText(text: string): string {
  try {
    return plainText(fromMarkdown(text.length > MAX_MARKDOWN_CHARS ? text.slice(0, MAX_MARKDOWN_CHARS) : text)).replace(/\s+/g, ' ').trim();
  } catch {
    return text.slice(0, MAX_MARKDOWN_CHARS);
  }
}

export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function render(node: Nodes, key: number, depth: number): ReactNode {
  switch (node.type) {
    case 'paragraph': return <p key={key}>{children(node, depth)}</p>;
    case 'heading': return <p key={key}><strong>{children(node, depth)}</strong></p>;
    case 'text': return node.value;
    case 'emphasis': return <em key={key}>{children(node, depth)}</em>;
    case 'strong': return <strong key={key}>{children(node, depth)}</strong>;
    case 'delete': return <del key={key}>{children(node, depth)}</del>;
    case 'inlineCode': return <code key={key}>{node.value}</code>;
    case 'code': return <pre key={key}><code>{node.value}</code></pre>;
    case 'blockquote': return <blockquote key={key}>{children(node, depth)}</blockquote>;
    case 'list': return node.ordered ? <ol key={key}>{children(node, depth)}</ol> : <ul key={key}>{children(node, depth)}</ul>;
    case 'listItem': return <li key={key}>{children(node, depth)}</li>;
    case 'thematicBreak': return <hr key={key} />;
    case 'break': return <br key={key} />;
    case 'link': {
      const href = safeHref(node.url);
      return href ? <a key={key} href={href} target="_blank" rel="noopener noreferrer">{children(node, depth)}</a> : <span key={key}>{children(node, depth)}</span>;
    }
    case 'image': return <span key={key}>[{node.alt ?? ''}] ({node.url})</span>;
    // Raw HTML is text here, as written.
    case 'html': return node.value;
    default:
      return 'children' in node ? <span key={key}>{children(node, depth)}</span> : 'value' in node ? node.value : null;
  }
}

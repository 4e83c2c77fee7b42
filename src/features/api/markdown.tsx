import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { type ReactNode, useMemo } from 'react';

/** Longer descriptions are cut: a description is read, not a book. */
const MAX_MARKDOWN_CHARS = 20_000;

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
  return <div className="markdown">{children(tree)}</div>;
}

function children(parent: Parents): ReactNode[] {
  return parent.children.map((node, index) => render(node, index));
}

export function safeHref(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function render(node: Nodes, key: number): ReactNode {
  switch (node.type) {
    case 'paragraph': return <p key={key}>{children(node)}</p>;
    case 'heading': return <p key={key}><strong>{children(node)}</strong></p>;
    case 'text': return node.value;
    case 'emphasis': return <em key={key}>{children(node)}</em>;
    case 'strong': return <strong key={key}>{children(node)}</strong>;
    case 'delete': return <del key={key}>{children(node)}</del>;
    case 'inlineCode': return <code key={key}>{node.value}</code>;
    case 'code': return <pre key={key}><code>{node.value}</code></pre>;
    case 'blockquote': return <blockquote key={key}>{children(node)}</blockquote>;
    case 'list': return node.ordered ? <ol key={key}>{children(node)}</ol> : <ul key={key}>{children(node)}</ul>;
    case 'listItem': return <li key={key}>{children(node)}</li>;
    case 'thematicBreak': return <hr key={key} />;
    case 'break': return <br key={key} />;
    case 'link': {
      const href = safeHref(node.url);
      return href ? <a key={key} href={href} target="_blank" rel="noopener noreferrer">{children(node)}</a> : <span key={key}>{children(node)}</span>;
    }
    case 'image': return <span key={key}>[{node.alt ?? ''}] ({node.url})</span>;
    // Raw HTML is text here, as written.
    case 'html': return node.value;
    default:
      return 'children' in node ? <span key={key}>{children(node)}</span> : 'value' in node ? node.value : null;
  }
}

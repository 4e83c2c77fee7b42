import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/i18n.ts';
import { Markdown } from '../../lib/ui/markdown.tsx';
import { shortText } from '../../lib/openapi/form/controls/field-hint.tsx';
import { type OperationContext, WriteForm } from '../../lib/openapi/write/write-form.tsx';
import { writeMethodOf } from '../../lib/openapi/write/write-plan.ts';
import { unsendable } from '../../lib/openapi/read-request.ts';
import { OperationDocs } from './operation-docs.tsx';
import { ReadPanel } from './read-panel.tsx';

/**
 * One operation, led by its form: what it does in a few lines, its fields, Send and the answer;
 * then its documentation (the whole description, parameters, body, responses), folded. Nothing
 * focusable stands between the heading and the form's first field but what the short
 * description links to.
 */
export function OperationPage({ document, index, operation, server, hasKey, resource }: OperationContext & {
  /** The resource screen it belongs to (the way back from an item page's "On the API screen"). */
  resource?: { href: string; name: string | undefined } | undefined;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, [operation.key]);
  const blocked = unsendable(operation);
  const isRead = operation.method === 'get' || operation.method === 'head';
  const short = operation.description === undefined ? undefined : shortText(operation.description);
  return (
    <article className="operation" aria-labelledby="operation-title">
      <p className="operation-nav">
        <a href="#/api">{t('api.back')}</a>
        {resource && <> · <a href={resource.href}>{resource.name === undefined ? t('api.resources') : t('api.resource', { name: resource.name })}</a></>}
      </p>
      <h2 id="operation-title" ref={heading} tabIndex={-1}>
        <span className={`method method-${operation.method}`}>{operation.method.toUpperCase()}</span> <code>{operation.path}</code>
      </h2>
      {operation.summary && <p className="operation-summary">{operation.summary}</p>}
      {operation.deprecated && <p className="notice">{t('api.deprecatedOperation')}</p>}
      {operation.description && (
        <div className="operation-intro">
          <Markdown text={short ?? operation.description} />
          {short !== undefined && <p className="hint">{t('api.docs.more')}</p>}
        </div>
      )}

      {blocked && <p className="notice">{t(blocked.key, blocked.params)}</p>}
      {isRead && !blocked && <ReadPanel key={`${server}\n${operation.key}`} document={document} operation={operation} server={server} hasKey={hasKey} />}
      {!isRead && !blocked && writeMethodOf(operation) && (
        <WriteForm key={`${server}\n${operation.key}`} document={document} index={index} operation={operation} server={server} hasKey={hasKey} />
      )}

      <OperationDocs document={document} operation={operation} wholeDescription={short !== undefined} />
    </article>
  );
}

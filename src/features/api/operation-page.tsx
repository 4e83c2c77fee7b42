import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n/i18n.ts';
import { Markdown } from '../../lib/ui/markdown.tsx';
import { type OperationContext, WriteForm } from '../../lib/openapi/write/write-form.tsx';
import { writeMethodOf } from '../../lib/openapi/write/write-plan.ts';
import { isObject } from '../../lib/openapi/json.ts';
import { sendableHeader, unsendable } from '../../lib/openapi/read-request.ts';
import { resolveLocal } from '../../lib/openapi/refs.ts';
import { ReadPanel } from './read-panel.tsx';
import { SchemaView } from './schema-view.tsx';


/** One operation: what it does, its parameters, body and responses, and for a read, a way to send it. */
export function OperationPage({ document, index, operation, server, hasKey }: OperationContext) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, [operation.key]);
  const blocked = unsendable(operation);
  const isRead = operation.method === 'get' || operation.method === 'head';
  const content = operation.requestBody && isObject(operation.requestBody.content) ? Object.entries(operation.requestBody.content) : [];
  const responses = operation.responses ? Object.entries(operation.responses) : [];
  return (
    <article className="operation" aria-labelledby="operation-title">
      <p><a href="#/api">{t('api.back')}</a></p>
      <h2 id="operation-title" ref={heading} tabIndex={-1}>
        <span className={`method method-${operation.method}`}>{operation.method.toUpperCase()}</span> <code>{operation.path}</code>
      </h2>
      {operation.summary && <p className="operation-summary">{operation.summary}</p>}
      {operation.deprecated && <p className="notice">{t('api.deprecatedOperation')}</p>}
      {operation.operationId && <p className="hint">{t('api.operationId', { id: operation.operationId })}</p>}
      {operation.description && <Markdown text={operation.description} />}

      <h3>{t('api.parameters')}</h3>
      {operation.parameters.length === 0 ? <p>{t('api.parameters.none')}</p> : (
        <ul className="parameters">
          {operation.parameters.map((parameter) => (
            <li key={`${parameter.in}:${parameter.name}`}>
              <code>{parameter.name}</code> ({t(`api.in.${parameter.in}`)}{parameter.required && `, ${t('api.schema.required')}`})
              {parameter.in === 'header' && !sendableHeader(parameter.name) && <> · <strong>{t('api.header.notSendable')}</strong></>}
              {parameter.in === 'cookie' && <> · <strong>{t('api.header.notSendable')}</strong></>}
              {parameter.deprecated && <> · {t('api.deprecated')}</>}
              {parameter.description && <> — {parameter.description.slice(0, 300)}</>}
              {parameter.schema !== undefined && <ul className="schema-tree"><SchemaView document={document} schema={parameter.schema} /></ul>}
            </li>
          ))}
        </ul>
      )}

      {operation.requestBody && (
        <>
          <h3>{t('api.body')}{operation.requestBody.required === true && ` (${t('api.schema.required')})`}</h3>
          {content.map(([mediaType, media]) => (
            <div key={mediaType}>
              <p><code>{mediaType}</code></p>
              {isObject(media) && <ul className="schema-tree"><SchemaView document={document} schema={media.schema} /></ul>}
            </div>
          ))}
        </>
      )}

      <h3>{t('api.responses')}</h3>
      <ul className="responses">
        {responses.map(([status, raw]) => {
          const response = resolveLocal(document, raw);
          const media = isObject(response) && isObject(response.content) ? Object.entries(response.content) : [];
          return (
            <li key={status}>
              <strong>{status}</strong>{isObject(response) && typeof response.description === 'string' && <> — {response.description.slice(0, 300)}</>}
              {media.map(([mediaType, item]) => (
                <div key={mediaType}>
                  <code>{mediaType}</code>
                  {isObject(item) && <ul className="schema-tree"><SchemaView document={document} schema={item.schema} /></ul>}
                </div>
              ))}
            </li>
          );
        })}
      </ul>

      {blocked && <p className="notice">{t(blocked.key, blocked.params)}</p>}
      {isRead && !blocked && (
        <>
          <h3>{t('api.try')}</h3>
          <ReadPanel key={`${server}\n${operation.key}`} document={document} operation={operation} server={server} hasKey={hasKey} />
        </>
      )}
      {!isRead && !blocked && writeMethodOf(operation) && (
        <>
          <h3>{t('api.try')}</h3>
          <WriteForm key={`${server}\n${operation.key}`} document={document} index={index} operation={operation} server={server} hasKey={hasKey} />
        </>
      )}
    </article>
  );
}

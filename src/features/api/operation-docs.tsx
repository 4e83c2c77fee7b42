import { type ReactNode, useState } from 'react';
import { useLocalized, useT } from '../../lib/i18n/i18n.ts';
import { Markdown } from '../../lib/ui/markdown.tsx';
import type { Operation } from '../../lib/openapi/operations.ts';
import { isObject, type JsonObject } from '../../lib/openapi/json.ts';
import { sendableHeader } from '../../lib/openapi/read-request.ts';
import { resolveLocal } from '../../lib/openapi/refs.ts';
import { SchemaView } from './schema-view.tsx';

type Part = 'description' | 'parameters' | 'body' | 'responses';

/**
 * An operation's documentation, folded below its form: the whole description (when the page
 * shows only its start), the operationId, parameters, request body and responses with their
 * schemas. Closed at first, and rendered only once opened: a form is what the page leads with,
 * and the schemas of a large operation cost nothing until they are read.
 */
export function OperationDocs({ document, operation, wholeDescription }: { document: JsonObject; operation: Operation; wholeDescription: boolean }) {
  const { t, language } = useLocalized();
  const [open, setOpen] = useState(false);
  const responses = operation.responses ? Object.entries(operation.responses) : [];
  const parts: Part[] = [];
  if (wholeDescription && operation.description) parts.push('description');
  if (operation.parameters.length > 0) parts.push('parameters');
  if (operation.requestBody) parts.push('body');
  if (responses.length > 0) parts.push('responses');
  if (parts.length === 0 && !operation.operationId) return null;
  const listed = new Intl.ListFormat(language, { type: 'conjunction' }).format(parts.map((part) => t(`api.docs.${part}`)));
  return (
    <details className="operation-docs" open={open} onToggle={(event) => { setOpen(event.currentTarget.open); }}>
      <summary>{parts.length > 0 ? t('api.docs', { parts: listed }) : t('api.docs.only')}</summary>
      {open && (
        <>
          {parts.includes('description') && operation.description && <Markdown text={operation.description} />}
          {operation.operationId && <p className="hint">{t('api.operationId', { id: operation.operationId })}</p>}
          {parts.includes('parameters') && <Parameters document={document} operation={operation} />}
          {operation.requestBody && <Body document={document} body={operation.requestBody} />}
          {responses.length > 0 && (
            <>
              <h3>{t('api.responses')}</h3>
              <ul className="responses">
                {responses.map(([status, raw]) => {
                  const response = resolveLocal(document, raw);
                  const media = isObject(response) && isObject(response.content) ? Object.entries(response.content) : [];
                  return (
                    <li key={status}>
                      <strong>{status}</strong>{isObject(response) && typeof response.description === 'string' && <> — {response.description.slice(0, 300)}</>}
                      {media.map(([mediaType, item]) => <Media key={mediaType} document={document} mediaType={mediaType} media={item} />)}
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </>
      )}
    </details>
  );
}

function Parameters({ document, operation }: { document: JsonObject; operation: Operation }) {
  const t = useT();
  return (
    <>
      <h3>{t('api.parameters')}</h3>
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
    </>
  );
}

function Body({ document, body }: { document: JsonObject; body: JsonObject }) {
  const t = useT();
  const content = isObject(body.content) ? Object.entries(body.content) : [];
  return (
    <>
      <h3>{t('api.body')}{body.required === true && ` (${t('api.schema.required')})`}</h3>
      {content.map(([mediaType, media]) => <Media key={mediaType} document={document} mediaType={mediaType} media={media} />)}
    </>
  );
}

function Media({ document, mediaType, media }: { document: JsonObject; mediaType: string; media: unknown }): ReactNode {
  return (
    <div>
      <code>{mediaType}</code>
      {isObject(media) && <ul className="schema-tree"><SchemaView document={document} schema={media.schema} /></ul>}
    </div>
  );
}

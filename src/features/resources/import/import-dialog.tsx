import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { BulkProgress } from '../../../lib/bulk/bulk-progress.tsx';
import { MAX_CONCURRENCY } from '../../../lib/bulk/bulk-run.ts';
import { useRunStatus } from '../../../lib/bulk/use-bulk-snapshot.ts';
import { startWriteRun, type WriteRun } from '../../../lib/bulk/write-run.ts';
import { useLocalized } from '../../../lib/i18n/i18n.ts';
import { loadDomainName } from '../../../lib/names/domain-name-loader.ts';
import type { DescribedOk } from '../../../lib/openapi/described/described.ts';
import type { OperationView } from '../../../lib/openapi/described/operation-view.ts';
import { useOperationView } from '../../../lib/openapi/described/use-operation-view.ts';
import { validateOffThread } from '../../../lib/openapi/form/validate-off-thread.ts';
import type { JsonValue } from '../../../lib/openapi/json.ts';
import { contextValues } from '../../../lib/openapi/parameters/parameter-context.ts';
import type { Collection } from '../../../lib/openapi/resources/resource-model.ts';
import { fillPath } from '../../../lib/openapi/resources/resource-route.ts';
import { capitalised } from '../../../lib/openapi/resources/resource-names.ts';
import { planWrite } from '../../../lib/openapi/write/write-pipeline.ts';
import { useTabCustomer } from '../../../lib/session/tab-customer.ts';
import { Field } from '../../../lib/ui/field.tsx';
import { FormDialog } from '../../../lib/ui/form-dialog.tsx';
import { nameProperty } from '../rows.ts';
import { type CheckedRow, checkImport, importSetup, type ImportSetup, nextTask, notImported, readImport } from './import-check.ts';
import { ImportMapping } from './import-mapping.tsx';
import { ImportResults } from './import-results.tsx';
import { ImportSource } from './import-source.tsx';
import { useImportWords } from './words.ts';

export interface ImportProps {
  described: DescribedOk;
  collection: Collection;
  /** The place's path values (the customer, the domain), by name. */
  values: Readonly<Record<string, string>>;
  server: string;
  hasKey: boolean;
  /** The rows the list screen has read: what is there already. */
  rows: readonly JsonValue[] | undefined;
  onClose: () => void;
  /** What was typed or read in, kept by the button while the dialog is closed (until it is sent). */
  draft?: string;
  onDraft?: (text: string) => void;
}

const nameRules = async () => (await loadDomainName()).normalizeDomain;

/** "Import <plural>": the dialog, once the create operation's view has come. */
export default function ImportDialog(props: ImportProps) {
  const words = useImportWords();
  const { collection, described, onClose } = props;
  const view = useOperationView(described, collection.add?.key ?? '');
  const title = words.title(collection.name);
  if (view.state !== 'ready') {
    return (
      <FormDialog title={title} closeLabel={words.close} onClose={onClose}>
        {view.state === 'loading' ? <p role="status" className="pending">{words.checking}</p> : <p className="notice">{words.noColumns}</p>}
      </FormDialog>
    );
  }
  return <ImportForm {...props} view={view.view} title={title} />;
}

interface Checked { text: string; mapping: (string | undefined)[]; header: string[] | undefined; rows: CheckedRow[] }
interface Run { engine: WriteRun; runIndexOf: (number | undefined)[] }

function ImportForm({ view, collection, values, server, hasKey, rows, title, onClose, draft, onDraft }: ImportProps & { view: OperationView; title: string }) {
  const words = useImportWords();
  const { t } = useLocalized();
  const queryClient = useQueryClient();
  const customer = useTabCustomer();
  const concurrencyId = useId();
  const setup = useMemo((): ImportSetup => {
    const ctx = { document: view.document, index: view.index, operation: view.operation, server, hasKey };
    const preset = Object.fromEntries(Object.entries(values).map(([name, value]) => [`path:${name}`, value]));
    const context = contextValues(view.document, view.operation, { customer, preset }).values;
    const keys = [collection.identifier, nameProperty(collection.shape.columns, collection.identifier, collection.relations)];
    return importSetup(ctx, planWrite(ctx), context, { path: fillPath(collection.apiPath, values) ?? [], rows: rows ?? [], keys, singular: collection.singular });
  }, [view, server, hasKey, values, customer, collection, rows]);
  const [text, setShownText] = useState(draft ?? '');
  const setText = (next: string) => { setShownText(next); onDraft?.(next); };
  const [closeRefused, setCloseRefused] = useState(false);
  const [error, setError] = useState<{ key: Parameters<typeof t>[0]; params?: Record<string, string | number> }>();
  const [checked, setChecked] = useState<Checked>();
  const [checking, setChecking] = useState(false);
  const [concurrency, setConcurrency] = useState('4');
  const [run, setRun] = useState<Run>();
  const status = useRunStatus(run?.engine);
  const active = status === 'running' || status === 'paused';
  const generation = useRef(0);

  // Closing or reloading the tab would end the run with rows unsent: the browser asks first.
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => { event.preventDefault(); };
    window.addEventListener('beforeunload', ask);
    return () => { window.removeEventListener('beforeunload', ask); };
  }, [active]);
  // The list shows what the run added: every read but the description's is stale once it stops.
  useEffect(() => {
    if (status === undefined || status === 'running') return;
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'api-description' });
  }, [status, queryClient]);
  useEffect(() => () => { generation.current += 1; }, []);

  const check = async (mapping?: (string | undefined)[]) => {
    const read = readImport(text, setup.columns);
    if (!read.ok) {
      setError(read.error);
      setChecked(undefined);
      return;
    }
    setError(undefined);
    // A mapping the user edited stays while the header is the same.
    const sameHeader = checked !== undefined && JSON.stringify(checked.header) === JSON.stringify(read.header);
    const used = mapping ?? (sameHeader ? checked.mapping : read.mapping);
    const mine = generation.current += 1;
    setChecking(true);
    try {
      // The rows were read in this task: their checks start in the next.
      await nextTask();
      const result = await checkImport(setup, read.records, used, { t, validate: validateOffThread, nameRules }, words.cells, () => generation.current !== mine);
      if (result && generation.current === mine) setChecked({ text, mapping: used, header: read.header, rows: result });
    } finally {
      if (generation.current === mine) setChecking(false);
    }
  };

  const errorText = ({ key, params }: NonNullable<typeof error>) => (key === 'bulk.input.too-many-columns'
    ? words.tooWide(Number(params?.line), Number(params?.count), Number(params?.max))
    : t(key, params));
  const ready = checked?.rows.filter((row) => row.status === 'ready') ?? [];
  const current = checked?.text === text;
  const concurrencyValid = /^[1-9]$/.test(concurrency.trim()) && Number(concurrency) <= MAX_CONCURRENCY;
  const send = () => {
    if (!checked || !current || !concurrencyValid || ready.length === 0 || run) return;
    // Each checked row's index in the run: the ready ones, in their order.
    let sent = 0;
    const runIndexOf = checked.rows.map((row) => (row.status === 'ready' ? (sent += 1) - 1 : undefined));
    const attempts = checked.rows.flatMap((row) => (row.status === 'ready' ? [row.attempt] : []));
    setRun({ engine: startWriteRun(attempts, Number(concurrency)), runIndexOf });
    // Sent: opened again, the dialog starts empty (its rows are in the list now, and in the report).
    onDraft?.('');
  };
  const width = checked ? Math.max(checked.mapping.length, checked.header?.length ?? 0) : 0;
  const unmapped = checked ? notImported(checked.header, checked.mapping, width, words.columnAt) : [];
  const missing = checked ? setup.columns.filter((column) => column.required && !checked.mapping.includes(column.id)).map((column) => column.label) : [];
  const counts = { invalid: checked?.rows.filter((row) => row.status === 'invalid').length ?? 0, duplicate: checked?.rows.filter((row) => row.status === 'duplicate').length ?? 0 };
  const context = Object.values(values).filter((value) => value !== '').join(' · ');

  return (
    <FormDialog title={capitalised(title)} closeLabel={words.close} onClose={() => { if (active) setCloseRefused(true); else onClose(); }}>
      <p className="hint">{words.intro(collection.singular)}</p>
      {context !== '' && <p>{words.fromContext(context)}</p>}
      {setup.columns.length === 0 ? <p className="notice">{words.noColumns}</p> : (
        <>
          <ImportSource text={text} onText={setText} disabled={active || run !== undefined} words={words}
            error={error && errorText(error)} tooLarge={t('bulk.input.too-large', { max: 2 })} />
          <div className="actions">
            <button type="button" className="secondary" aria-disabled={checking || run !== undefined}
              onClick={() => { if (!checking && !run) void check(); }}>{words.check}</button>
            {checking && <span className="pending" role="status">{words.checking}</span>}
          </div>
        </>
      )}
      {checked && (
        <>
          <ImportMapping header={checked.header} mapping={checked.mapping} width={width} columns={setup.columns} words={words} disabled={run !== undefined}
            onChange={(mapping) => { void check(mapping); }} />
          {checked.header === undefined && <p className="notice">{words.noHeader}</p>}
          {unmapped.length > 0 && <p className="hint">{words.notImportedList(unmapped.join(', '))}</p>}
          {missing.length > 0 && <p className="notice">{words.missingRequired(missing.join(', '))}</p>}
          {!run && <p role="status">{words.summary(ready.length, counts.invalid, counts.duplicate)}</p>}
          {!current && !run && <p className="notice">{words.stale}</p>}
          {!run && ready.length > 0 && (
            <div className="actions bulk-start">
              <Field id={concurrencyId} label={words.concurrency} error={concurrencyValid ? undefined : t('bulk.concurrency.invalid', { max: MAX_CONCURRENCY })}>
                <input id={concurrencyId} type="number" inputMode="numeric" min={1} max={MAX_CONCURRENCY} value={concurrency} onChange={(event) => { setConcurrency(event.target.value); }} />
              </Field>
              <button type="button" aria-disabled={!current || !concurrencyValid || checking} onClick={send}>{words.send(ready.length)}</button>
            </div>
          )}
          {active && closeRefused && <p className="alert" role="alert">{words.closeWhileRunning}</p>}
          {run && <BulkProgress run={run.engine} presentNotSent={0} customer={customer ?? ''} />}
          <ImportResults rows={checked.rows} run={run?.engine} runIndexOf={run?.runIndexOf ?? []} words={words} fileName={`import-${collection.singular.replace(/[^\p{L}\p{N}]+/gu, '-')}`} />
        </>
      )}
    </FormDialog>
  );
}

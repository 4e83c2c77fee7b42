import type { ComponentProps } from 'react';
import { useT } from '../../i18n/i18n.ts';
import { WriteForm } from '../write/write-form.tsx';
import type { DescribedOk } from './described.ts';
import { useOperationView } from './use-operation-view.ts';

type Props = Omit<ComponentProps<typeof WriteForm>, 'document' | 'index' | 'operation'> & { described: DescribedOk; operationKey: string };

/** The write form of operation `operationKey` of a description, once its view has come from the description's worker. */
export function OperationWriteForm({ described, operationKey, ...props }: Props) {
  const t = useT();
  const view = useOperationView(described, operationKey);
  if (view.state === 'loading') return <p role="status" className="pending">{t('api.loading')}</p>;
  if (view.state === 'missing') return <p className="notice">{t('api.unknownOperation')}</p>;
  return <WriteForm {...view.view} {...props} />;
}

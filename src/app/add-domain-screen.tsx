import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AddDomainForm } from '../features/domains/add/add-domain-form.tsx';
import { loadDomainName } from '../lib/names/domain-name-loader.ts';
import { queryClient } from './query-client.ts';
import { whenIdle } from './when-idle.ts';

/** The add-domain form with what it needs around it; loaded on demand (src/app/screens.ts). */
export function AddDomainScreen() {
  // Once the form shows, the next thing the user does is type a name: its normaliser comes in
  // the first idle moment, so the first keystroke neither waits for it nor pays for evaluating it.
  useEffect(() => whenIdle(() => { loadDomainName().catch(() => undefined); }), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AddDomainForm />
    </QueryClientProvider>
  );
}

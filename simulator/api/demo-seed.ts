// What a simulator holds at start and after every reset. `demo` (the default of `npm run dev`
// and `npm run sim`) gives a newcomer something to look at on the first screen; `empty` (what
// every test asks for) holds nothing, so a test adds what it needs and knows every id.
import type { SeedChoice } from './seed.ts';
import { createSimState, resetSimState, type SimState } from './state.ts';

const WEBSPACE = { enabled: true, type: 'webspace', target: '/' } as const;

/** Ben Schulz (c0002, the demo customer key) has the documented domain and an IDN; Anna Becker one. */
function plantDemo(state: SimState): void {
  state.domains.push(
    {
      customerId: 'c0002',
      record: { id: 'd0001', domain: 'example.org', account: 'web77', www: true, web: { ...WEBSPACE }, mail: { enabled: true, dkim: true } },
    },
    // bücher.example, as punycode on the wire.
    {
      customerId: 'c0002',
      record: { id: 'd0002', domain: 'xn--bcher-kva.example', account: 'web78', www: false, web: { enabled: true, type: 'redirect', target: 'https://example.org/' } },
    },
    {
      customerId: 'c0001',
      record: { id: 'd0003', domain: 'anna-becker.example', account: 'web1', www: true, web: { ...WEBSPACE }, mail: { enabled: true, dkim: false } },
    },
  );
  state.nextDomainNumber = 4;
  state.mailboxes.push(
    { customerId: 'c0002', domainId: 'd0001', record: { address: 'info@example.org', localPart: 'info', quotaMiB: 2048 } },
    { customerId: 'c0002', domainId: 'd0001', record: { address: 'sales@example.org', localPart: 'sales', quotaMiB: 1024 } },
  );
  state.forwards.push({
    customerId: 'c0002',
    domainId: 'd0001',
    record: { id: 'f0001', source: 'office', address: 'office@example.org', destinations: ['ben.schulz@mail.example', 'info@example.org'], domain: 'example.org' },
  });
  state.nextForwardNumber = 2;
  state.dnsRecords.push(
    { customerId: 'c0002', domainId: 'd0001', record: { id: 'r0001', type: 'A', name: '@', value: '192.0.2.10', ttl: 3600 } },
    { customerId: 'c0002', domainId: 'd0001', record: { id: 'r0002', type: 'TXT', name: '@', value: 'v=spf1 mx -all', ttl: 3600 } },
  );
  state.nextDnsRecordNumber = 3;
}

function plant(state: SimState): void {
  if (state.seed === 'demo') plantDemo(state);
}

/** A new simulator's state, holding its seed. */
export function createSeededState(seed: SeedChoice): SimState {
  const state = createSimState(seed);
  plant(state);
  return state;
}

/** Back to the seed the simulator started with (POST /__sim/reset). */
export function resetToSeed(state: SimState): void {
  resetSimState(state);
  plant(state);
}

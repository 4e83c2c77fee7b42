// `npm run sim`: the simulator on its own, e.g. to point HOSTING_SERVER at it or to try curl.
//   tsx simulator/main.ts [--port N] [--host H] [--cert-out FILE] [--control-token-file FILE]
// HOSTING_SIM_SEED=empty starts it (and resets it) with no domains, as the tests need; the
// default, `demo`, has a few to look at.
import { open, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEMO_KEYS, SEED_CUSTOMER_RECORDS, SEED_KEYS, describeKey, seedChoiceFrom, type SeedChoice } from './api/seed.ts';
import { startSimulator } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8443' },
    host: { type: 'string', default: '127.0.0.1' },
    'cert-out': { type: 'string' },
    'service-path': { type: 'string' },
    'control-token-file': { type: 'string' },
  },
});

/** Owner-only from the first byte: the mode is set before the token is written. */
async function writeSecret(file: string, secret: string): Promise<void> {
  const handle = await open(file, 'w', 0o600);
  try {
    // open()'s mode applies only to a new file; an existing one keeps its mode unless changed.
    await handle.chmod(0o600);
    await handle.writeFile(secret);
  } finally {
    await handle.close();
  }
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be 0-65535, got "${values.port}"`);
  process.exit(2);
}

let seed: SeedChoice;
try {
  seed = seedChoiceFrom(process.env.HOSTING_SIM_SEED, 'demo');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

// The token comes from whoever starts the simulator (the Playwright config), or is made here.
const givenToken = process.env.HOSTING_SIM_CONTROL_TOKEN?.trim();
const sim = await startSimulator({
  port,
  host: values.host,
  seed,
  ...(givenToken ? { controlToken: givenToken } : {}),
  ...(values['service-path'] === undefined ? {} : { servicePath: values['service-path'] }),
});
const certOut = values['cert-out'];
if (certOut !== undefined) await writeFile(certOut, sim.cert);
const tokenFile = values['control-token-file'];
if (tokenFile !== undefined) await writeSecret(tokenFile, sim.controlToken);

const servicePath = values['service-path'] ?? 'liveconfig';
const lines = [
  `Hosting API simulator listening on ${sim.origin}`,
  `API root: ${sim.origin}/${servicePath}/api/v1`,
  certOut === undefined
    ? 'Self-signed certificate (new at each start); pass --cert-out FILE to save it for HOSTING_CA_FILE.'
    : `Certificate written to ${certOut} (use it as HOSTING_CA_FILE).`,
  '',
  'API keys:',
  ...Object.values(DEMO_KEYS).map((key) => {
    const grant = SEED_KEYS.get(key);
    return `  ${key.padEnd(20)} ${grant ? describeKey(grant) : ''}`;
  }),
  '',
  'Customers (user name) and hosting accounts; an admin key acts for one with X-Customer-ID or X-User-Name:',
  ...SEED_CUSTOMER_RECORDS.map(({ id, userName, accounts }) => `  ${id} (${userName}): ${accounts.map(({ name }) => name).join(', ')}`),
  seed === 'demo'
    ? `Demo data: ${sim.state.domains.map(({ record }) => record.domain).join(', ')} (HOSTING_SIM_SEED=empty starts with none).`
    : 'No domains yet (HOSTING_SIM_SEED=empty).',
  '',
  `OpenAPI description (filtered by the key): ${sim.origin}/${servicePath}/api/v1/openapi.json`,
  '',
  'Test control surface: /__sim/reset, /__sim/requests, /__sim/faults, /__sim/domains, /__sim/keys,',
  '  with "Authorization: Bearer <control token>" (a new token at each start).',
  tokenFile === undefined
    ? '  The token is not shown; pass --control-token-file FILE to save it (mode 600).'
    : `  Token written to ${tokenFile} (mode 600).`,
];
console.log(lines.join('\n'));

let stopping = false;
const stop = (signal: NodeJS.Signals): void => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the simulator`);
  sim.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

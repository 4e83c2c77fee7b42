// A throwaway certificate for the simulator's HTTPS, made fresh at each start so nothing secret
// or expiring lives in the repository. Clients trust it by pinning it (`ca: cert`), which is the
// same path HOSTING_CA_FILE takes for a real server's self-signed certificate.
import { isIP } from 'node:net';
import { generate } from 'selfsigned';

const VALID_DAYS = 3;
// Backdated a little so a clock that runs slightly behind still accepts a brand-new certificate.
const BACKDATE_MS = 60 * 60 * 1000;

export async function createSelfSignedCertificate(
  hostnames: readonly string[] = ['localhost', '127.0.0.1', '::1'],
): Promise<{ key: string; cert: string }> {
  const notBeforeDate = new Date(Date.now() - BACKDATE_MS);
  const notAfterDate = new Date(notBeforeDate.getTime() + VALID_DAYS * 24 * 60 * 60 * 1000 + BACKDATE_MS);
  // Node checks the name only against subjectAltName, so every host a client may dial is listed.
  const altNames = hostnames.map((name) => (isIP(name) === 0 ? { type: 2 as const, value: name } : { type: 7 as const, ip: name }));
  const pems = await generate([{ name: 'commonName', value: hostnames[0] ?? 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

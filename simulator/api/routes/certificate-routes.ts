// A domain's TLS certificate: a read-only view, and an action that renews it. The simulator
// issues a domain's certificate when it is first asked for, valid for 90 days as Let's Encrypt's.
import { jsonResponse } from '../problem.ts';
import type { CertificateRecord, SimState } from '../state.ts';
import { findDomain } from './domain-routes.ts';
import type { CustomerRoute } from './route-types.ts';

export const CERTIFICATE_ISSUER = "Let's Encrypt (simulated)";
const VALID_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

function issued(autoRenew: boolean): CertificateRecord {
  return { issuer: CERTIFICATE_ISSUER, validUntil: new Date(Date.now() + VALID_DAYS * DAY_MS).toISOString(), autoRenew };
}

function certificateOf(state: SimState, domainId: string): CertificateRecord {
  const known = state.certificates.get(domainId);
  if (known) return known;
  const certificate = issued(true);
  state.certificates.set(domainId, certificate);
  return certificate;
}

export const getCertificate: CustomerRoute = {
  method: 'get',
  path: '/customers/{customerId}/domains/{domain}/certificate',
  operationId: 'getCertificate',
  tag: 'Certificates',
  audience: 'customer',
  summary: 'Read the certificate of a domain',
  description: 'Who issued the domain\'s TLS certificate and until when it is valid. Read-only: *Renew the certificate* makes a new one.',
  success: { status: 200, description: 'The certificate.', schema: 'Certificate' },
  handle: (request) => {
    const found = findDomain(request);
    return found.ok ? jsonResponse(200, certificateOf(request.state, found.stored.record.id)) : found.response;
  },
};

export const renewCertificate: CustomerRoute = {
  method: 'post',
  path: '/customers/{customerId}/domains/{domain}/actions/renew-certificate',
  operationId: 'renewCertificate',
  tag: 'Certificates',
  audience: 'customer',
  summary: 'Renew the certificate',
  description: `Issues a new certificate for the domain at once, valid for ${VALID_DAYS} days from now. Takes no body; sent twice, it renews twice (harmless).`,
  success: { status: 200, description: 'The domain with its new certificate.', schema: 'CertificateRenewal' },
  handle: (request) => {
    const found = findDomain(request);
    if (!found.ok) return found.response;
    const { id, domain } = found.stored.record;
    const certificate = issued(certificateOf(request.state, id).autoRenew);
    request.state.certificates.set(id, certificate);
    return jsonResponse(200, { domain, certificate });
  },
};

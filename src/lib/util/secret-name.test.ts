import { describe, expect, it } from 'vitest';
import { isSecretName, wordsOf } from './secret-name.ts';

// The one table of names that hold secrets (issue 21): kebab-case, digit suffixes, camelCase,
// upper case, German; and the names that only look like one.
describe('isSecretName', () => {
  it.each([
    'password', 'new_password', 'password2', 'new_password2', 'passwords', 'passwordConfirm', 'pass', 'pwd', 'passphrase',
    'api-key', 'X-API-KEY', 'apiKey', 'APIKey', 'api_key', 'apikey', 'apitoken', 'api_token', 'X-Auth-Token', 'token', 'access_token',
    'access_key', 'accessKey', 'AWS_SECRET_ACCESS_KEY', 'client_secret', 'privateKey', 'private_key', 'secret',
    'authorization', 'Authorization', 'jwt', 'refreshToken', 'credentials', 'pin', 'totp',
    'passwort', 'neuesPasswort', 'kennwort', 'Kennwort2', 'geheimnis',
    // Met in hosting APIs (cPanel, Cloudflare, registrars) by an outside review.
    'oldpass', 'newpass', 'newpassword', 'pw', 'ftp_pw', 'dbpass', 'X-Auth-Key', 'X-Auth-User-Service-Key', 'auth_code', 'authcode', 'authKey',
    'epp_code', 'authinfo', 'transfer_code', 'license_key', 'ssl_key', 'api_keys', 'apiKeys', 'htpasswd', 'session_id', 'cookie', 'mfa_code',
    'password_reset_token',
  ])('%s is a secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'bypass_cache', 'tokens_used', 'compass', 'passive', 'spinner', 'pinned', 'keyboard', 'key', 'ssh_key_fingerprint', 'domain',
    'localPart', 'quotaMiB', 'passport_number_length', 'author', 'secretary', undefined,
    // About a secret, not the secret.
    'token_count', 'token_id', 'token_type', 'token_expires_at', 'password_changed_at', 'password_min_length', 'pass_through',
    'credential_id', 'jwt_issuer', 'authorization_status', 'secrets_count', 'api_key_id', 'tokenName',
  ])('%s is not', (name) => {
    expect(isSecretName(name)).toBe(false);
  });

  it.each([
    ['new_password2', ['new', 'password']],
    ['X-API-KEY', ['x', 'api', 'key']],
    ['accessKey', ['access', 'key']],
    ['APIKey', ['api', 'key']],
    ['neuesPasswort', ['neues', 'passwort']],
  ])('reads %s as the words %j', (name, words) => {
    expect(wordsOf(name)).toEqual(words);
  });
});

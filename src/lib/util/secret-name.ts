// A name is read as its words (`new_password2` → new, password; `X-API-KEY` → x, api, key;
// `accessKey` → access, key): a secret's word, or two words that make one (`api` `key`), mark it.
// Whole words only, so `bypass_cache`, `tokens_used`, `compass` and `spinner` are not secrets.
const SECRET_WORDS: ReadonlySet<string> = new Set([
  // English
  'password', 'passwords', 'passphrase', 'passwd', 'pass', 'pwd', 'secret', 'secrets', 'token', 'pin',
  'credential', 'credentials', 'authorization', 'jwt', 'otp', 'totp',
  'pw', 'oldpass', 'newpass', 'dbpass', 'adminpass', 'rootpw', 'rootpass', 'htpasswd', 'authinfo', 'cookie',
  // Two words written as one, or split by a separator (checked as pairs below)
  'apikey', 'apikeys', 'apitoken', 'accesskey', 'privatekey', 'secretkey', 'authtoken', 'accesstoken', 'refreshtoken', 'sessiontoken',
  'authkey', 'servicekey', 'licensekey', 'sslkey', 'tlskey', 'tsigkey', 'authcode', 'eppcode', 'transfercode', 'sessionid',
  'mfacode', 'recoverycodes', 'newpassword', 'oldpassword',
  // German
  'passwort', 'passworte', 'passwörter', 'kennwort', 'kennworte', 'kennwörter', 'geheimnis', 'zugangsschlüssel',
]);

/** The words of a name, lower case: camelCase, kebab-case, snake_case, digits and dots all split it. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-zäöüß])([A-ZÄÖÜ])/g, '$1 $2')
    .replace(/([A-ZÄÖÜ]+)([A-ZÄÖÜ][a-zäöüß])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-zäöüß]+/)
    .filter((word) => word !== '');
}

// A word after a secret's that makes the name about the secret, not the secret itself:
// `token_count`, `password_min_length`, `credential_id`, `pass_through`, `api_key_id`.
const ABOUT_WORDS: ReadonlySet<string> = new Set([
  'count', 'id', 'ids', 'type', 'types', 'expires', 'expiry', 'expiration', 'expired', 'changed', 'created', 'updated', 'length',
  'min', 'max', 'status', 'issuer', 'through', 'at', 'policy', 'policies', 'required', 'hint', 'strength', 'age', 'algorithm',
  'name', 'names', 'prefix', 'last', 'url', 'enabled', 'scope', 'scopes', 'mode', 'format', 'rotation', 'version', 'label',
  'description', 'rules', 'set', 'reset',
]);

/** Whether a property, parameter or header of that name holds a secret, whatever its schema says. */
export function isSecretName(name: string | undefined): boolean {
  if (name === undefined) return false;
  const words = wordsOf(name);
  return words.some((word, index) => {
    const pair = SECRET_WORDS.has(word + (words[index + 1] ?? ''));
    if (!pair && !SECRET_WORDS.has(word)) return false;
    const next = words[index + (pair ? 2 : 1)];
    return next === undefined || !ABOUT_WORDS.has(next);
  });
}

/** What stands for a secret wherever something is shown or recorded: the value itself never is. */
export const SECRET_SHOWN = '********';

// A name is read as its words (`new_password2` → new, password; `X-API-KEY` → x, api, key;
// `accessKey` → access, key): a secret's word, or two words that make one (`api` `key`), mark it.
// Whole words only, so `bypass_cache`, `tokens_used`, `compass` and `spinner` are not secrets.
const SECRET_WORDS: ReadonlySet<string> = new Set([
  // English
  'password', 'passwords', 'passphrase', 'passwd', 'pass', 'pwd', 'secret', 'secrets', 'token', 'pin',
  'credential', 'credentials', 'authorization', 'jwt', 'otp', 'totp',
  // Two words written as one, or split by a separator (checked as pairs below)
  'apikey', 'apitoken', 'accesskey', 'privatekey', 'secretkey', 'authtoken', 'accesstoken', 'refreshtoken', 'sessiontoken',
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

/** Whether a property, parameter or header of that name holds a secret, whatever its schema says. */
export function isSecretName(name: string | undefined): boolean {
  if (name === undefined) return false;
  const words = wordsOf(name);
  return words.some((word, index) => SECRET_WORDS.has(word) || SECRET_WORDS.has(word + (words[index + 1] ?? '')));
}

/** What stands for a secret wherever something is shown or recorded: the value itself never is. */
export const SECRET_SHOWN = '********';

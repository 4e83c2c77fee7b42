// Whole words of a name (`new_password`, `apiKey`, `X-Auth-Token`, `access_token`), not parts of
// words (`bypass_cache` and `tokens_used` are not secrets).
const SECRET_WORDS = /(?:^|[_.\- ])(?:password|passphrase|passwd|pass|pwd|secret|token|apikey|api_key|privatekey|private_key|credentials?|pin)(?:$|[_.\- ])/i;

/** Whether a property, parameter or header of that name holds a secret, whatever its schema says. */
export const isSecretName = (name: string | undefined): boolean =>
  name !== undefined && SECRET_WORDS.test(name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/(api|private)_(key)/gi, '$1$2'));

/** What stands for a secret wherever something is shown or recorded: the value itself never is. */
export const SECRET_SHOWN = '********';

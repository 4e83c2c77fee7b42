// A synthetic OpenAPI 3.1 description the size of a real hosting product's: `npm run bench:api`
// loads it into the API screen, and tests may reuse it. Deterministic (a seeded generator): the
// same options give the same text, byte for byte.
//
// What it holds, as real descriptions do: tags with descriptions; per resource (5 per tag, the
// first top-level, the others nested below it: `/domains/{domainId}/dns-records`) ten operations
// (list, create, read, replace, change, delete, history, lock, settings read and replace), each
// with an operationId, a summary and a CommonMark description (paragraphs, lists, emphasis,
// inline code, links, a fenced example); path parameters, query parameters by `$ref` and inline
// (integers with bounds, enums, arrays, booleans), header parameters; request bodies and
// responses by `$ref` into components/schemas and components/responses; allOf chains three deep
// (`Domain` → `Audited` → `Resource`), a recursive schema (`RuleSet`, whose rules may be rule
// sets) and one that is its own child (`FolderTree.children[]`), every 37th operation deprecated.
// The operation descriptions are padded with a paragraph of words until the whole text (pretty-printed
// JSON, 2 spaces) comes close to `targetBytes`.

export interface SampleOptions {
  /** How many operations; 10 per resource, the last resource cut short if need be. */
  operations?: number;
  /** The size the text should come close to (within about 1 %), in bytes of UTF-8. */
  targetBytes?: number;
  seed?: number;
}

export interface SampleOperation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
}

export interface OpenApiSample {
  /** The description as a file holds it: pretty-printed JSON. */
  text: string;
  bytes: number;
  document: Record<string, unknown>;
  operations: SampleOperation[];
}

export const SAMPLE_OPERATIONS = 1000;
export const SAMPLE_BYTES = 3 * 1024 * 1024;

const TAGS: { name: string; resources: string[] }[] = [
  { name: 'Customers', resources: ['customers', 'contacts', 'invoices', 'contracts', 'notes'] },
  { name: 'Hosting', resources: ['hosting-accounts', 'subscriptions', 'php-settings', 'cron-jobs', 'ftp-accounts'] },
  { name: 'Domains', resources: ['domains', 'subdomains', 'redirects', 'dns-records', 'certificates'] },
  { name: 'Mail', resources: ['mail-domains', 'mailboxes', 'aliases', 'forwards', 'autoresponders'] },
  { name: 'Databases', resources: ['database-servers', 'databases', 'database-users', 'grants', 'backups'] },
  { name: 'Users', resources: ['users', 'api-keys', 'sessions', 'roles', 'permissions'] },
  { name: 'Resellers', resources: ['resellers', 'price-lists', 'plans', 'plan-options', 'quotas'] },
  { name: 'Servers', resources: ['servers', 'services', 'ip-addresses', 'network-interfaces', 'firewall-rules'] },
  { name: 'Web', resources: ['websites', 'vhosts', 'rewrite-rules', 'error-pages', 'access-rules'] },
  { name: 'Files', resources: ['storages', 'folders', 'shares', 'file-locks', 'snapshots'] },
  { name: 'Monitoring', resources: ['monitors', 'checks', 'alerts', 'incidents', 'maintenance-windows'] },
  { name: 'Statistics', resources: ['reports', 'traffic-stats', 'disk-stats', 'mail-stats', 'visitor-stats'] },
  { name: 'Billing', resources: ['accounts', 'payments', 'credit-notes', 'dunning-levels', 'tax-rates'] },
  { name: 'Support', resources: ['tickets', 'ticket-messages', 'attachments', 'queues', 'canned-replies'] },
  { name: 'Applications', resources: ['app-catalog', 'app-installations', 'app-updates', 'app-settings', 'app-licenses'] },
  { name: 'Security', resources: ['scans', 'findings', 'blocklists', 'allowlists', 'login-attempts'] },
  { name: 'Jobs', resources: ['job-queues', 'jobs', 'job-logs', 'schedules', 'webhooks'] },
  { name: 'Templates', resources: ['template-sets', 'templates', 'template-variables', 'layouts', 'translations'] },
  { name: 'Audit', resources: ['audit-trails', 'audit-events', 'exports', 'retention-policies', 'legal-holds'] },
  { name: 'System', resources: ['licenses', 'nodes', 'clusters', 'updates', 'settings-profiles'] },
];

const WORDS = ('account address administrator alias archive backup billing cache certificate cluster configuration contract ' +
  'customer database default delivery domain entry expiry export filter forward gateway group hostname identity ' +
  'instance interval limit listener mailbox member migration mirror mode network notice owner package password ' +
  'period policy port priority profile quota record redirect region release renewal replica request resource ' +
  'retention revision route schedule scope secret server service session signature snapshot source status ' +
  'storage subscription target template tenant threshold token traffic transfer trigger user value version volume zone').split(' ');

/** mulberry32: small, fast, and the same everywhere. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pascal = (name: string) => name.split('-').map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('');
/** `dns-records` → `dns-record`, `mailboxes` → `mailbox`, `app-catalog` stays. */
const singular = (name: string) => name
  .replace(/aliases$/, 'alias')
  .replace(/ies$/, 'y')
  .replace(/(ss|x|ch|sh)es$/, '$1')
  .replace(/([^s])s$/, '$1');
const words = (name: string) => name.replaceAll('-', ' ');
const camel = (name: string) => {
  const p = pascal(name);
  return p.charAt(0).toLowerCase() + p.slice(1);
};

interface Resource {
  tag: string;
  /** `dns-records` */
  name: string;
  /** `DnsRecord` */
  schema: string;
  /** `dnsRecordId` */
  idParam: string;
  /** `/domains/{domainId}/dns-records` */
  base: string;
  parent: Resource | undefined;
}

function resources(count: number): Resource[] {
  const list: Resource[] = [];
  for (let round = 0; list.length < count; round += 1) {
    for (const tag of TAGS) {
      let parent: Resource | undefined;
      for (const [position, raw] of tag.resources.entries()) {
        if (list.length >= count) break;
        // Past the first 100 resources (more than 1,000 operations), names repeat with a suffix.
        const name = round === 0 ? raw : `${raw}-${round + 1}`;
        const one = singular(name);
        const resource: Resource = {
          tag: tag.name, name, schema: pascal(one), idParam: `${camel(one)}Id`,
          base: position === 0 || !parent ? `/${name}` : `${parent.base}/{${parent.idParam}}/${name}`,
          parent: position === 0 ? undefined : parent,
        };
        if (position === 0) parent = resource;
        list.push(resource);
      }
    }
  }
  return list;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = Record<string, Json>;

const ref = (to: string): JsonObject => ({ $ref: `#/components/${to}` });

function sentence(next: () => number): string {
  const length = 8 + Math.floor(next() * 10);
  const chosen = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)] ?? 'value');
  const text = chosen.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** `count` words, a capital first and a full stop after every tenth. */
function prose(next: () => number, count: number): string {
  const chosen = Array.from({ length: count }, (_, index) => {
    const word = WORDS[Math.floor(next() * WORDS.length)] ?? 'value';
    const capital = index % 10 === 0 ? `${word.charAt(0).toUpperCase()}${word.slice(1)}` : word;
    return index % 10 === 9 && index < count - 1 ? `${capital}.` : capital;
  });
  return chosen.join(' ');
}

function paragraph(next: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(next)).join(' ');
}

/** A CommonMark description of an operation: prose, a list, a link, a fenced example, filler. */
function operationDescription(next: () => number, resource: Resource, verb: string, method: string, path: string, filler: number): string {
  const thing = words(singular(resource.name));
  const parts = [
    `${verb} ${resource.parent ? `of the ${words(singular(resource.parent.name))} given by \`${resource.parent.idParam}\`` : 'for the caller'}. ` +
      `The answer is filtered by what the **API key** may do: an administrator sees every ${thing}, a customer only their own.`,
    [
      `- Needs the permission \`${resource.name}:${method === 'get' ? 'read' : 'write'}\`.`,
      `- Acting for a customer: send \`X-Customer-ID\` (administrators only).`,
      `- Rate limited; see [rate limits](https://docs.example.com/api/rate-limits#${resource.name}) and the \`Retry-After\` header.`,
    ].join('\n'),
    paragraph(next, 1 + Math.floor(next() * 2)),
    '### Example',
    ['```sh', `curl -H 'Authorization: Bearer $KEY' https://panel.example.com/api/v1${path.replace(/\{(\w+)\}/g, '42')}`, '```'].join('\n'),
  ];
  if (filler > 0) parts.push(`${prose(next, filler)}.`);
  return parts.join('\n\n');
}

function properties(next: () => number, resource: Resource): JsonObject {
  const thing = words(singular(resource.name));
  const props: JsonObject = {
    name: { type: 'string', minLength: 1, maxLength: 253, description: `The ${thing}'s name, unique within its owner.`, examples: [`${singular(resource.name)}-1`] },
    status: { type: 'string', enum: ['active', 'suspended', 'pending', 'deleted'], default: 'active', description: 'Lifecycle state.' },
    owner: { type: 'string', pattern: '^c[0-9]{4}$', description: 'The customer who owns it.', readOnly: true },
    comment: { type: ['string', 'null'], maxLength: 2000, description: 'Free text, *shown to administrators only*.' },
    enabled: { type: 'boolean', default: true },
    quotaMb: { type: 'integer', format: 'int32', minimum: 0, maximum: 1048576, description: 'Quota in MiB; `0` means none.' },
    labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 63 }, maxProperties: 32, description: 'Labels, `key: value`.' },
    tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
  };
  const extra = 2 + Math.floor(next() * 5);
  for (let index = 0; index < extra; index += 1) {
    const word = WORDS[Math.floor(next() * WORDS.length)] ?? 'value';
    const kind = Math.floor(next() * 4);
    props[`${word}${index}`] = kind === 0
      ? { type: 'string', format: 'date-time', description: sentence(next) }
      : kind === 1
        ? { type: 'integer', minimum: 0, description: sentence(next) }
        : kind === 2
          ? { type: 'string', enum: ['low', 'normal', 'high'], description: sentence(next) }
          : { type: 'string', format: 'uri', description: sentence(next), writeOnly: next() < 0.3 };
  }
  if (resource.parent) props[resource.parent.idParam] = { type: 'string', readOnly: true, description: `The ${words(singular(resource.parent.name))} it belongs to.` };
  return props;
}

function schemasOf(next: () => number, resource: Resource): Record<string, JsonObject> {
  const props = properties(next, resource);
  const writable = Object.fromEntries(Object.entries(props).filter(([, value]) => !(value as JsonObject).readOnly));
  const { schema } = resource;
  return {
    [schema]: {
      description: `A ${words(singular(resource.name))} as the server keeps it.`,
      allOf: [ref('schemas/Audited'), { type: 'object', required: ['name', 'status'], properties: props }],
    },
    [`${schema}Create`]: { type: 'object', required: ['name'], properties: writable, additionalProperties: false },
    [`${schema}Update`]: {
      type: 'object', description: 'A JSON merge patch (RFC 7396): only the fields sent change.',
      properties: writable, minProperties: 1, additionalProperties: false,
    },
    [`${schema}List`]: {
      allOf: [ref('schemas/Page'), { type: 'object', required: ['items'], properties: { items: { type: 'array', items: ref(`schemas/${schema}`) } } }],
    },
    [`${schema}Settings`]: {
      type: 'object',
      properties: {
        rules: ref('schemas/RuleSet'),
        folder: ref('schemas/FolderTree'),
        notify: { type: 'array', items: { type: 'string', format: 'email' }, maxItems: 10 },
        retentionDays: { type: 'integer', minimum: 1, maximum: 3650, default: 30 },
      },
    },
  };
}

const SHARED_SCHEMAS: Record<string, JsonObject> = {
  Resource: {
    type: 'object', required: ['id', 'created'],
    properties: {
      id: { type: 'string', readOnly: true, description: 'Opaque identifier.' },
      created: { type: 'string', format: 'date-time', readOnly: true },
      modified: { type: 'string', format: 'date-time', readOnly: true },
      links: { type: 'object', readOnly: true, additionalProperties: { type: 'string', format: 'uri-reference' } },
    },
  },
  Audited: {
    description: 'A resource that records who changed it.',
    allOf: [ref('schemas/Resource'), {
      type: 'object',
      properties: {
        createdBy: { type: 'string', readOnly: true },
        modifiedBy: { type: 'string', readOnly: true },
        revision: { type: 'integer', minimum: 1, readOnly: true },
      },
    }],
  },
  Page: {
    type: 'object', required: ['total'],
    properties: {
      total: { type: 'integer', minimum: 0 },
      offset: { type: 'integer', minimum: 0 },
      next: { type: ['string', 'null'], format: 'uri-reference' },
    },
  },
  Rule: {
    type: 'object', required: ['field', 'operator'],
    properties: {
      field: { type: 'string' },
      operator: { type: 'string', enum: ['eq', 'ne', 'lt', 'gt', 'contains', 'matches'] },
      value: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    },
  },
  RuleSet: {
    description: 'Rules combined with `all` or `any`; a rule may itself be a rule set (recursive).',
    type: 'object', required: ['combine', 'rules'],
    properties: {
      combine: { type: 'string', enum: ['all', 'any'] },
      rules: { type: 'array', items: { anyOf: [ref('schemas/Rule'), ref('schemas/RuleSet')] } },
    },
  },
  FolderTree: {
    type: 'object', required: ['name'],
    properties: {
      name: { type: 'string' },
      children: { type: 'array', items: ref('schemas/FolderTree') },
    },
  },
  Event: {
    allOf: [ref('schemas/Resource'), {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['created', 'changed', 'deleted', 'locked', 'unlocked'] },
        actor: { type: 'string' },
        changes: { type: 'object', additionalProperties: true },
      },
    }],
  },
  EventList: { allOf: [ref('schemas/Page'), { type: 'object', properties: { items: { type: 'array', items: ref('schemas/Event') } } }] },
  AsyncJob: {
    type: 'object', required: ['id', 'state'],
    properties: {
      id: { type: 'string' },
      state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
      progress: { type: 'number', minimum: 0, maximum: 1 },
      result: { $ref: '#/components/schemas/Problem' },
    },
  },
  Problem: {
    description: 'An error as [RFC 9457](https://www.rfc-editor.org/rfc/rfc9457) describes it.',
    type: 'object',
    properties: {
      type: { type: 'string', format: 'uri-reference' },
      title: { type: 'string' },
      status: { type: 'integer', minimum: 100, maximum: 599 },
      detail: { type: 'string' },
      instance: { type: 'string' },
      errors: { type: 'array', items: { type: 'object', properties: { pointer: { type: 'string' }, detail: { type: 'string' } } } },
    },
  },
};

const problem = (description: string): JsonObject => ({ description, content: { 'application/problem+json': { schema: ref('schemas/Problem') } } });
const SHARED_RESPONSES: Record<string, JsonObject> = {
  BadRequest: problem('The request is malformed.'),
  Unauthorized: problem('No key, or a key the server does not know.'),
  Forbidden: problem('The key may not do this.'),
  NotFound: problem('Nothing at this address, or nothing the key may see.'),
  Conflict: problem('The resource changed meanwhile (`If-Match`) or the name is taken.'),
  UnprocessableEntity: problem('The body is well-formed but not valid: `errors` names each field.'),
  TooManyRequests: { ...problem('Too many requests; wait as `Retry-After` says.'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
};

const SHARED_PARAMETERS: Record<string, JsonObject> = {
  Limit: { name: 'limit', in: 'query', description: 'At most this many items.', schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 } },
  Offset: { name: 'offset', in: 'query', description: 'Skip this many items.', schema: { type: 'integer', minimum: 0, default: 0 } },
  Sort: { name: 'sort', in: 'query', description: 'Field to sort by; `-` first for descending.', schema: { type: 'string', pattern: '^-?[a-zA-Z]+$' } },
  Fields: { name: 'fields', in: 'query', style: 'form', explode: false, description: 'Only these fields.', schema: { type: 'array', items: { type: 'string' } } },
  IfMatch: { name: 'If-Match', in: 'header', description: 'The revision the change is based on.', schema: { type: 'string' } },
  RequestId: { name: 'X-Request-ID', in: 'header', description: 'Echoed in the answer and the server log.', schema: { type: 'string', format: 'uuid' } },
};

const errors = (...names: string[]): JsonObject => Object.fromEntries(names.map((name) => {
  const status = { BadRequest: '400', Unauthorized: '401', Forbidden: '403', NotFound: '404', Conflict: '409', UnprocessableEntity: '422', TooManyRequests: '429' }[name] ?? 'default';
  return [status, ref(`responses/${name}`)];
}));

const json = (schema: JsonObject): JsonObject => ({ 'application/json': { schema } });

interface Built { document: JsonObject; operations: SampleOperation[] }

function build(count: number, seed: number, filler: number): Built {
  const next = random(seed);
  const all = resources(Math.ceil(count / 10));
  const paths: Record<string, JsonObject> = {};
  const schemas: Record<string, JsonObject> = { ...SHARED_SCHEMAS };
  const operations: SampleOperation[] = [];
  let made = 0;

  for (const resource of all) {
    Object.assign(schemas, schemasOf(next, resource));
    const { schema, idParam, base } = resource;
    const one = words(singular(resource.name));
    const many = words(resource.name);
    const item = `${base}/{${idParam}}`;
    const parentParams: Json[] = [];
    for (let up = resource.parent; up; up = up.parent) {
      parentParams.unshift({ name: up.idParam, in: 'path', required: true, description: `The ${words(singular(up.name))}.`, schema: { type: 'string', minLength: 1 } });
    }
    const idParameter = { name: idParam, in: 'path', required: true, description: `The ${one}.`, schema: { type: 'string', minLength: 1, maxLength: 64 } };
    const filterParams: Json[] = [
      ref('parameters/Limit'), ref('parameters/Offset'), ref('parameters/Sort'), ref('parameters/Fields'),
      { name: 'status', in: 'query', description: `Only ${many} in this state.`, schema: { type: 'string', enum: ['active', 'suspended', 'pending'] } },
      { name: 'q', in: 'query', description: 'Text search over name and comment.', schema: { type: 'string', maxLength: 200 } },
      { name: 'includeDeleted', in: 'query', description: 'Deleted ones too (administrators only).', schema: { type: 'boolean', default: false } },
    ];
    const P = pascal(singular(resource.name));
    const ops: { path: string; method: string; id: string; summary: string; verb: string; op: JsonObject }[] = [
      {
        path: base, method: 'get', id: `list${pascal(resource.name)}`, summary: `List ${many}`, verb: `Lists the ${many}`,
        op: { parameters: filterParams, responses: { 200: { description: `A page of ${many}.`, content: json(ref(`schemas/${schema}List`)) }, ...errors('BadRequest', 'Unauthorized', 'Forbidden', 'TooManyRequests') } },
      },
      {
        path: base, method: 'post', id: `create${P}`, summary: `Create a ${one}`, verb: `Creates a ${one}`,
        op: {
          parameters: [ref('parameters/RequestId')],
          requestBody: { required: true, content: json(ref(`schemas/${schema}Create`)) },
          responses: {
            201: { description: 'Created.', headers: { Location: { schema: { type: 'string', format: 'uri-reference' } } }, content: json(ref(`schemas/${schema}`)) },
            ...errors('BadRequest', 'Unauthorized', 'Forbidden', 'Conflict', 'UnprocessableEntity'),
          },
        },
      },
      {
        path: item, method: 'get', id: `get${P}`, summary: `Read a ${one}`, verb: `Reads one ${one}`,
        op: { parameters: [ref('parameters/Fields')], responses: { 200: { description: `The ${one}.`, content: json(ref(`schemas/${schema}`)) }, ...errors('Unauthorized', 'Forbidden', 'NotFound') } },
      },
      {
        path: item, method: 'put', id: `replace${P}`, summary: `Replace a ${one}`, verb: `Replaces a ${one} as a whole`,
        op: {
          parameters: [ref('parameters/IfMatch')],
          requestBody: { required: true, content: json(ref(`schemas/${schema}Create`)) },
          responses: { 200: { description: 'Replaced.', content: json(ref(`schemas/${schema}`)) }, ...errors('BadRequest', 'NotFound', 'Conflict', 'UnprocessableEntity') },
        },
      },
      {
        path: item, method: 'patch', id: `update${P}`, summary: `Change a ${one}`, verb: `Changes some fields of a ${one}`,
        op: {
          parameters: [ref('parameters/IfMatch')],
          requestBody: { required: true, content: { 'application/merge-patch+json': { schema: ref(`schemas/${schema}Update`) } } },
          responses: { 200: { description: 'Changed.', content: json(ref(`schemas/${schema}`)) }, ...errors('BadRequest', 'NotFound', 'Conflict', 'UnprocessableEntity') },
        },
      },
      {
        path: item, method: 'delete', id: `delete${P}`, summary: `Delete a ${one}`, verb: `Deletes a ${one}; this cannot be undone`,
        op: { parameters: [ref('parameters/IfMatch')], responses: { 204: { description: 'Deleted.' }, ...errors('NotFound', 'Conflict') } },
      },
      {
        path: `${item}/history`, method: 'get', id: `list${P}History`, summary: `History of a ${one}`, verb: `Lists what happened to a ${one}`,
        op: { parameters: [ref('parameters/Limit'), ref('parameters/Offset')], responses: { 200: { description: 'Events, newest first.', content: json(ref('schemas/EventList')) }, ...errors('NotFound') } },
      },
      {
        path: `${item}/actions/lock`, method: 'post', id: `lock${P}`, summary: `Lock a ${one}`, verb: `Locks a ${one} against changes`,
        op: {
          requestBody: { content: json({ type: 'object', properties: { reason: { type: 'string', maxLength: 500 }, until: { type: 'string', format: 'date-time' } } }) },
          responses: { 202: { description: 'Accepted; the job tells when it is done.', content: json(ref('schemas/AsyncJob')) }, ...errors('NotFound', 'Conflict') },
        },
      },
      {
        path: `${item}/settings`, method: 'get', id: `get${P}Settings`, summary: `Settings of a ${one}`, verb: `Reads the settings of a ${one}`,
        op: { responses: { 200: { description: 'The settings.', content: json(ref(`schemas/${schema}Settings`)) }, ...errors('NotFound') } },
      },
      {
        path: `${item}/settings`, method: 'put', id: `replace${P}Settings`, summary: `Replace the settings of a ${one}`, verb: `Replaces the settings of a ${one}`,
        op: {
          requestBody: { required: true, content: json(ref(`schemas/${schema}Settings`)) },
          responses: { 200: { description: 'The new settings.', content: json(ref(`schemas/${schema}Settings`)) }, ...errors('BadRequest', 'NotFound', 'UnprocessableEntity') },
        },
      },
    ];
    for (const { path, method, id, summary, verb, op } of ops) {
      if (made >= count) break;
      made += 1;
      const pathItem = (paths[path] ??= {});
      // Path-level parameters, once per path: the parents' ids and the resource's own.
      if (pathItem.parameters === undefined) {
        const own = path === base ? [] : [idParameter];
        if (parentParams.length + own.length > 0) pathItem.parameters = [...parentParams, ...own];
      }
      pathItem[method] = {
        tags: [resource.tag],
        operationId: id,
        summary,
        description: operationDescription(next, resource, verb, method, path, filler),
        ...(made % 37 === 0 ? { deprecated: true } : {}),
        ...op,
        security: [{ bearer: [] }],
      };
      operations.push({ method, path, operationId: id, summary, tags: [resource.tag] });
    }
  }

  const document: JsonObject = {
    openapi: '3.1.0',
    info: {
      title: 'Hosting API (synthetic sample)',
      version: '3.2.1',
      description: 'A generated description for measurements: **every** operation a hosting product offers, ' +
        'in [OpenAPI 3.1](https://spec.openapis.org/oas/v3.1.0).\n\n- JSON bodies\n- Bearer keys\n- Errors as `application/problem+json`',
      contact: { name: 'Operations', url: 'https://example.com/support', email: 'ops@example.com' },
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: 'https://panel.example.com:8443/liveconfig/api/v1', description: 'Production' }],
    security: [{ bearer: [] }],
    tags: TAGS.map((tag) => ({ name: tag.name, description: `Everything about ${tag.name.toLowerCase()}: ${tag.resources.map((name) => `\`${name}\``).join(', ')}.` })),
    paths,
    components: {
      schemas,
      responses: SHARED_RESPONSES,
      parameters: SHARED_PARAMETERS,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The API key, as `Authorization: Bearer <key>`.' } },
    },
  };
  return { document, operations };
}

const text = (document: JsonObject) => `${JSON.stringify(document, null, 2)}\n`;

/**
 * The sample description. The padding (words added to each operation's description) is found
 * from two trial builds, as the size grows by about the same amount per word.
 */
export function openApiSample({ operations = SAMPLE_OPERATIONS, targetBytes = SAMPLE_BYTES, seed = 16 }: SampleOptions = {}): OpenApiSample {
  const size = (filler: number) => Buffer.byteLength(text(build(operations, seed, filler).document));
  const bare = size(0);
  let filler = 0;
  if (targetBytes > bare) {
    const perWord = (size(100) - bare) / 100;
    filler = Math.max(0, Math.round((targetBytes - bare) / perWord));
  }
  const built = build(operations, seed, filler);
  const full = text(built.document);
  return { text: full, bytes: Buffer.byteLength(full), document: built.document, operations: built.operations };
}

/**
 * A lean description of many operations, as the outside review's "13 MB, 120,000 operations"
 * (about 110 bytes an operation): per path a GET, PUT, PATCH and DELETE, each with an
 * operationId, a summary and a tag (responses left empty), the path's id parameter by `$ref`;
 * compact JSON. What it measures is the index of many operations, not the forms of rich ones.
 */
export function leanOpenApiSample(operations: number): OpenApiSample {
  const paths: JsonObject = {};
  const listed: SampleOperation[] = [];
  const methods = ['get', 'put', 'patch', 'delete'] as const;
  const verbs = { get: 'Read', put: 'Replace', patch: 'Change', delete: 'Remove' } as const;
  for (let made = 0; made < operations; made += 1) {
    const number = Math.floor(made / methods.length);
    const tag = TAGS[number % TAGS.length] ?? { name: 'Other', resources: ['things'] };
    const resource = tag.resources[Math.floor(number / TAGS.length) % tag.resources.length] ?? 'things';
    const path = `/${resource}/{id}/n${String(number)}`;
    const method = methods[made % methods.length] ?? 'get';
    const operationId = `${method}${String(number)}`;
    const summary = `${verbs[method]} ${String(number)}`;
    const item = (paths[path] ??= { parameters: [{ $ref: '#/components/parameters/Id' }] }) as JsonObject;
    item[method] = { operationId, summary, tags: [tag.name], responses: {} };
    listed.push({ method, path, operationId, summary, tags: [tag.name] });
  }
  const document: JsonObject = {
    openapi: '3.0.3',
    info: { title: 'Hosting API (lean sample)', version: '1' },
    tags: TAGS.map((tag) => ({ name: tag.name })),
    paths,
    components: {
      parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
    },
  };
  const full = JSON.stringify(document);
  return { text: full, bytes: Buffer.byteLength(full), document, operations: listed };
}

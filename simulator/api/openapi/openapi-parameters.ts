// The parameters of the description, as components every operation refers to. A customer's view
// pins `customerId` to its own customer and offers no act-as headers (its key may not send them).
import { ACT_AS_HEADERS } from '../access.ts';
import { PAGING_RULES } from '../list-paging.ts';
import type { QueryName } from '../routes/route-types.ts';
import { MAILBOX_RULES } from '../validate-mailbox.ts';
import type { JsonObject } from './json.ts';
import { accountNameSchema, exampleAccount, type DescriptionView } from './openapi-schemas.ts';

export const PATH_PARAMETERS = ['customerId', 'account', 'domain', 'localPart', 'forwardId', 'recordId'] as const;
export type PathParameterName = (typeof PATH_PARAMETERS)[number];

/** Component key of a query parameter (its name may equal a path parameter's): `per_page` → `perPageQuery`. */
export function queryParameterKey(name: QueryName): string {
  return `${name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())}Query`;
}

export function isPathParameterName(name: string): name is PathParameterName {
  return PATH_PARAMETERS.some((known) => known === name);
}

function pathParameters(view: DescriptionView): Record<PathParameterName, JsonObject> {
  const own = view.kind === 'customer' ? view.customerId : undefined;
  return {
    customerId: {
      name: 'customerId',
      in: 'path',
      required: true,
      description: own === undefined ? 'The customer number.' : `The customer number: your own, \`${own}\`.`,
      schema: own === undefined ? { type: 'string', minLength: 1 } : { type: 'string', enum: [own], default: own },
      example: own ?? 'c0002',
    },
    account: {
      name: 'account',
      in: 'path',
      required: true,
      description: 'The hosting account\'s name.',
      schema: accountNameSchema(view),
      example: exampleAccount(view),
    },
    domain: {
      name: 'domain',
      in: 'path',
      required: true,
      description: 'The domain\'s ASCII name (an IDN as punycode). Its id, as in the `Location` of *Add a domain*, works too.',
      schema: { type: 'string', minLength: 1 },
      example: 'example.com',
    },
    localPart: {
      name: 'localPart',
      in: 'path',
      required: true,
      description: 'The mailbox\'s local part, the name before `@`.',
      schema: { type: 'string', pattern: MAILBOX_RULES.localPartPattern, maxLength: MAILBOX_RULES.localPartMaxLength },
      example: 'info',
    },
    forwardId: {
      name: 'forwardId',
      in: 'path',
      required: true,
      description: 'The mail forward\'s `id`, as its list and the `Location` of *Add a mail forward* give it.',
      schema: { type: 'string', minLength: 1 },
      example: 'f0001',
    },
    recordId: {
      name: 'recordId',
      in: 'path',
      required: true,
      description: 'The DNS record\'s `id`, as its list gives it.',
      schema: { type: 'string', minLength: 1 },
      example: 'r0001',
    },
  };
}

const pagingParameters: Record<string, JsonObject> = {
  [queryParameterKey('page')]: {
    name: 'page',
    in: 'query',
    required: false,
    description: 'The page to answer, from 1. Left out, the whole list.',
    schema: { type: 'integer', minimum: PAGING_RULES.pageMin, maximum: PAGING_RULES.pageMax },
    example: 1,
  },
  [queryParameterKey('per_page')]: {
    name: 'per_page',
    in: 'query',
    required: false,
    description: 'How many rows a page holds (with `page`).',
    schema: { type: 'integer', minimum: PAGING_RULES.perPageMin, maximum: PAGING_RULES.perPageMax, default: PAGING_RULES.perPageDefault },
    example: PAGING_RULES.perPageDefault,
  },
};

const actAsHeaders: Record<string, JsonObject> = {
  [ACT_AS_HEADERS.customer]: {
    name: ACT_AS_HEADERS.customer,
    in: 'header',
    required: false,
    description: `Admin keys only: act as this customer's main user. A customer number the server does not know is refused (403). Sent with \`${ACT_AS_HEADERS.user}\`, this one decides.`,
    schema: { type: 'string', minLength: 1 },
    example: 'c0001',
  },
  [ACT_AS_HEADERS.user]: {
    name: ACT_AS_HEADERS.user,
    in: 'header',
    required: false,
    description: `Admin keys only: act as this user. A user name the server does not know is refused (403).`,
    schema: { type: 'string', minLength: 1 },
    example: 'anna',
  },
};

/** Component key → parameter object, for the given view. */
export function parameterComponents(view: DescriptionView): Record<string, JsonObject> {
  return {
    ...pathParameters(view),
    [queryParameterKey('account')]: {
      name: 'account',
      in: 'query',
      required: false,
      description: 'Only the domains of this hosting account.',
      schema: accountNameSchema(view),
      example: exampleAccount(view),
    },
    ...pagingParameters,
    ...(view.kind === 'admin' ? actAsHeaders : {}),
  };
}

/** Component keys of the headers every operation takes in this view. */
export function headerParameterKeys(view: DescriptionView): string[] {
  return view.kind === 'admin' ? Object.keys(actAsHeaders) : [];
}

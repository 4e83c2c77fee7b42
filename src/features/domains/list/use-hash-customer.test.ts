import { describe, expect, it } from 'vitest';
import { customerOfHash } from './use-hash-customer.ts';

describe('the customer an address names for the Domains screen', () => {
  it.each([
    ['#/domains/c0002', 'c0002'],
    ['#/domains', undefined],
    ['#/domains/', undefined],
    ['#/domains/a%2Fb', undefined],
    ['#/domains/%E0%A4%A', undefined],
    ['#/resources/customers/c0002', undefined],
  ])('%s', (hash, customer) => {
    expect(customerOfHash(hash)).toBe(customer);
  });
});

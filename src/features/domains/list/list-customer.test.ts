import { describe, expect, it } from 'vitest';
import { fakeStorage } from '../../../lib/testing/fake-storage.ts';
import { createListCustomerStore, LIST_CUSTOMER_STORAGE_KEY } from './list-customer.ts';

describe('the Domains screen\'s customer', () => {
  it('is kept per server, for the tab: a new store on the same storage reads it back', () => {
    const storage = fakeStorage();
    const store = createListCustomerStore(storage);
    expect(store.chosen(store.get(), 'prod')).toBeUndefined();
    store.choose('prod', 'c0001');
    store.choose('test', 'c0002');
    const again = createListCustomerStore(storage);
    expect(again.chosen(again.get(), 'prod')).toBe('c0001');
    expect(again.chosen(again.get(), 'test')).toBe('c0002');
    expect(again.chosen(again.get(), 'default')).toBeUndefined();
  });

  it.each([
    ['not JSON', '{'], ['an array', '["c1"]'], ['null', 'null'], ['a number', '5'],
  ])('reads %s as no choice', (_name, raw) => {
    const store = createListCustomerStore(fakeStorage({ [LIST_CUSTOMER_STORAGE_KEY]: raw }));
    expect(store.get()).toEqual({});
  });

  it('keeps only string choices of an edited entry, and never an inherited name', () => {
    const store = createListCustomerStore(fakeStorage({ [LIST_CUSTOMER_STORAGE_KEY]: '{"prod":"c1","test":5,"__proto__":"x"}' }));
    expect(store.chosen(store.get(), 'prod')).toBe('c1');
    expect(store.chosen(store.get(), 'test')).toBeUndefined();
    expect(store.chosen(store.get(), 'constructor')).toBeUndefined();
  });

  it('tells subscribers of a choice', () => {
    const store = createListCustomerStore(fakeStorage());
    let calls = 0;
    store.subscribe(() => { calls += 1; });
    store.choose('prod', 'c9');
    expect(calls).toBe(1);
  });
});

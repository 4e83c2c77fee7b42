import { describe, expect, it } from 'vitest';
import { indexDescription } from '../operations.ts';
import { resourceModel } from './resource-model.ts';
import { simulatorDescription } from '../../testing/simulator-description.ts';
import { germanModel, germanName } from './names-de.ts';

describe('resource names in German', () => {
  it.each([
    ['Mailboxes', 'Postfächer'],
    ['mailbox', 'Postfach'],
    ['DNS records', 'DNS-Einträge'],
    ['Renew certificate', 'Zertifikat erneuern'],
    ['Widgets', 'Widgets'],
    ['constructor', 'constructor'],
  ])('%s → %s', (name, german) => {
    expect(germanName(name)).toBe(german);
  });

  it('turns a model\'s names, nothing else', () => {
    const document = simulatorDescription({ kind: 'admin' });
    const model = resourceModel(document, indexDescription(document, '3.1.1', '/liveconfig/api/v1'));
    const german = germanModel(model);
    const mailboxes = german.collections.find((collection) => collection.apiPath.endsWith('/mailboxes'));
    expect([mailboxes?.name, mailboxes?.singular]).toEqual(['Postfächer', 'Postfach']);
    expect(german.collections.map((collection) => collection.apiPath)).toEqual(model.collections.map((collection) => collection.apiPath));
    expect(german.top).toEqual(model.top);
  });
});

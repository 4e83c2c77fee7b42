import { describeText } from '../describe-text.ts';
import { type Described, keptViews } from './described.ts';
import { createIndexReader, indexMessages } from './description-transfer.ts';
import { createViews } from './operation-view.ts';
import { type ResourceModel, resourceModel } from '../resources/resource-model.ts';

/**
 * A short description read on the page (or anywhere without a worker), handed over the way a
 * worker hands one over, so the page sees one kind of description whichever read it.
 */
export function describeHere(text: string, apiRoot: string): Described {
  const described = describeText(text, apiRoot);
  const reader = createIndexReader();
  for (const message of indexMessages(described)) {
    const read = reader.add(message);
    if (!read.done) continue;
    if ('problem' in read) return { ok: false, problem: read.problem };
    if (!described.ok) break;
    const views = createViews(described.document, described.index);
    const { document, index } = described;
    let model: ResourceModel | undefined;
    const resources = () => Promise.resolve(model ??= resourceModel(document, index));
    return { ok: true, version: read.version, index: read.index, ...keptViews((key) => Promise.resolve(views(key))), resources };
  }
  throw new Error('the index ended before its last row');
}

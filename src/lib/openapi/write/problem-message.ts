import type { Translate } from '../../i18n/i18n.ts';
import type { ValueProblem } from '../form/value/to-body.ts';
import type { BodyProblem } from '../form/validate/body-problem.ts';
import { type CharacterSet, patternShape } from '../form/validate/pattern-words.ts';

/** A field's problem in the UI language: from the form's value (typed text) or the schema. */
export function problemMessage(t: Translate, problem: BodyProblem | ValueProblem): string {
  const { params } = problem;
  switch (problem.code) {
    case 'required': return t('api.field.required');
    case 'json': return t('form.problem.json');
    case 'number': return t('api.field.number');
    case 'precision': return t('form.problem.precision', params);
    case 'key': return t('form.problem.key', params);
    case 'type': return t('form.problem.type', params);
    case 'minimum': return t(params.exclusive === 1 ? 'form.problem.above' : 'form.problem.minimum', params);
    case 'maximum': return t(params.exclusive === 1 ? 'form.problem.below' : 'form.problem.maximum', params);
    case 'minLength': return t('form.problem.minLength', params);
    case 'maxLength': return t('form.problem.maxLength', params);
    case 'pattern': return patternMessage(t, String(params.pattern ?? ''), params.example);
    case 'format': return t('form.problem.format', params);
    case 'enum': return t('form.problem.enum', params);
    case 'multipleOf': return t('form.problem.multipleOf', params);
    case 'minItems': return t('form.problem.minItems', params);
    case 'maxItems': return t('form.problem.maxItems', params);
    case 'additionalProperties': return t('form.problem.additional', params);
    case 'oneOf': return t('form.problem.oneOf', params);
    default: return params.keyword === 'schema-too-large' ? t('form.problem.schemaTooLarge') : t('form.problem.other', params);
  }
}

/**
 * A value that does not fit a schema's `pattern`, never by the regular expression: what it
 * allows in words where its shape is a simple one (pattern-words.ts), else the schema's example
 * ("Not in the expected form, e.g. info"), else only that it is not.
 */
export function patternMessage(t: Translate, pattern: string, example: string | number | undefined): string {
  const shape = patternShape(pattern);
  if (shape) {
    const or = (parts: readonly string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} ${t('form.pattern.or')} ${parts.at(-1) ?? ''}`);
    const symbols = (set: CharacterSet) => set.symbols.map((symbol) => t('form.pattern.symbol', { symbol }));
    const many = (set: CharacterSet) => [
      ...(set.lower && set.upper ? [t('form.pattern.letters')] : set.lower ? [t('form.pattern.lower')] : set.upper ? [t('form.pattern.upper')] : []),
      ...(set.digits ? [t('form.pattern.digits')] : []),
      ...symbols(set),
    ];
    const one = (set: CharacterSet) => [
      ...(set.lower && set.upper ? [t('form.pattern.one.letter')] : set.lower ? [t('form.pattern.one.lower')] : set.upper ? [t('form.pattern.one.upper')] : []),
      ...(set.digits ? [t('form.pattern.one.digit')] : []),
      ...symbols(set),
    ];
    if (shape.shape === 'separated') {
      const all = { ...shape.allowed, symbols: [...shape.allowed.symbols, ...shape.separators.symbols] };
      return t('form.pattern.separated', { allowed: or(many(all)), separators: or(symbols(shape.separators)) });
    }
    const sentence = shape.shape === 'first'
      ? t('form.pattern.first', { first: or(one(shape.first)), allowed: or(many(shape.allowed)) })
      : t('form.pattern.use', { allowed: or(many(shape.allowed)) });
    const { min, max } = shape;
    const length = min === max ? (min > 1 ? t('form.pattern.exactly', { count: min }) : '')
      : max !== undefined ? (min > 0 ? t('form.pattern.range', { min, max }) : t('form.problem.maxLength', { limit: max }))
        : min > 1 ? t('form.problem.minLength', { limit: min }) : '';
    return length === '' ? sentence : `${sentence} ${length}`;
  }
  if (example !== undefined && String(example) !== '') return t('form.problem.patternExample', { example: String(example) });
  return t('form.problem.pattern');
}

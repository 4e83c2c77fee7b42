import type { Translate } from '../../i18n/i18n.ts';
import type { ValueProblem } from '../form/value/to-body.ts';
import type { BodyProblem } from '../form/validate/body-problem.ts';

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
    case 'pattern': return t('form.problem.pattern', params);
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

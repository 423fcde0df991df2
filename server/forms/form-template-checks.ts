import { badRequest } from '../errors.js';
import type { FormTemplateBody } from '../../src/contract/form-templates.js';
import { forEachElement, type ConditionalLogic, type FormDocument } from '../../src/domain/form-document.js';
import { describeLogicCycle, findLogicCycle, sanitizeLogic } from '../../src/domain/logic/index.js';
import type { FormColumns } from './form-repository.js';
import { sanitizeFormDocument } from './sanitize.js';

/** Logic may only point at elements and inputs of the same form (the builder's cascade keeps it so). */
function checkLogicReferences(document: FormDocument, logic: ConditionalLogic): Record<string, string[]> {
  const elementTypes = new Map<string, string>();
  forEachElement(document, (element) => elementTypes.set(element.id, element.type));
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  for (const mapName of ['conditionMap', 'pageMap'] as const) {
    for (const [elementId, config] of Object.entries(logic[mapName])) {
      const type = elementTypes.get(elementId);
      const key = `jsonConditionalLogic.${mapName}.${elementId}`;
      if (!type) add(key, `logic for "${elementId}", which is not an element of this form`);
      else if ((mapName === 'pageMap') !== (type === 'page')) add(key, `${mapName} holds logic for pages only${mapName === 'pageMap' ? '' : ' in pageMap'}: "${elementId}" is a ${type}`);
      config.conditions.forEach((condition, c) =>
        condition.expression.forEach((group, g) =>
          group.rules.forEach((rule, r) => {
            const ruleKey = `${key}.conditions.${c}.expression.${g}.rules.${r}`;
            if (rule.triggerId && elementTypes.get(rule.triggerId) !== 'input') add(`${ruleKey}.triggerId`, `rule "${rule.id}" triggers on "${rule.triggerId}", which is not an input of this form`);
            if (rule.referenceValueId && elementTypes.get(rule.referenceValueId) !== 'input') add(`${ruleKey}.referenceValueId`, `rule "${rule.id}" refers to "${rule.referenceValueId}", which is not an input of this form`);
          }),
        ),
      );
    }
  }
  return errors;
}

/**
 * The checks a body's schema cannot make alone (logic against the document), then the stored columns: logic with
 * incomplete rules, empty groups and conditions dropped (spec §5, whatever the client sent), rich text sanitised.
 */
export async function checkedFormColumns(body: FormTemplateBody): Promise<FormColumns> {
  const document = body.jsonForm as FormDocument;
  const logicErrors = checkLogicReferences(document, body.jsonConditionalLogic);
  if (Object.keys(logicErrors).length) {
    const [key, [message]] = Object.entries(logicErrors)[0];
    throw badRequest(`Invalid form: ${key}: ${message}`, logicErrors);
  }
  const logic = sanitizeLogic(body.jsonConditionalLogic, document);
  const cycle = findLogicCycle(logic, document);
  if (cycle) {
    const message = describeLogicCycle(cycle, document);
    throw badRequest(message, { jsonConditionalLogic: [message] });
  }
  return {
    name: body.name,
    display_name: body.display_name,
    description: body.description,
    custom_submit_message: body.custom_submit_message,
    json_form: JSON.stringify(await sanitizeFormDocument(document)),
    json_conditional_logic: JSON.stringify(logic),
    json_form_style: JSON.stringify(body.jsonFormStyle),
  };
}

import type { FormTemplateRow } from '../db/schema.js';
import type { FormTemplate, FormTemplateSummary } from '../../src/contract/form-templates.js';
import type { ConditionalLogic, FormDocument, FormStyle } from '../../src/domain/form-document.js';

type SummaryRow = Pick<FormTemplateRow, 'id' | 'name' | 'display_name' | 'description' | 'internal_form_slug' | 'created_at' | 'updated_at' | 'deleted_at'>;

export function serializeSummary(row: SummaryRow): FormTemplateSummary {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    internalFormSlug: row.internal_form_slug,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
  };
}

export function serializeTemplate(row: FormTemplateRow): FormTemplate {
  return {
    ...serializeSummary(row),
    groupId: row.group_id,
    account: row.account_id,
    customSubmitMessage: row.custom_submit_message,
    // Stored documents were validated when saved; older shapes pass through for the builder to restore.
    jsonForm: row.json_form as FormDocument,
    jsonConditionalLogic: row.json_conditional_logic as ConditionalLogic,
    jsonFormStyle: row.json_form_style as FormStyle,
    formMappers: [],
  };
}

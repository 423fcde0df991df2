/**
 * `/api/{accountId}/integrations/{kind}/…` and `/api/{accountId}/form-mappers/…` (spec §3, §7; INTEGRATIONS.md).
 * Secrets are write-only: a set API key reads back as `apiKeySet: true` and a masked `apiKey`.
 */
import { z } from 'zod';
import { accountTokenSchema } from './account-tokens';
import { accountParamsSchema, paginatedSchema, uuidSchema } from './common';
import { integrationKindParamsSchema } from './integration-kinds';
import type { FieldMapRow } from '../domain/field-map/rows';

/** The kinds whose record types take field maps (spec §5: integrationApiType). */
const MAPPED_INTEGRATION_KINDS = ['centerbase', 'clio'] as const;

const integrationStatusSchema = z.enum(['connected', 'needs_reauth', 'error', 'disconnected']);

/** A cached record type (spec `apis`), without its field list. */
const integrationApiSchema = z.object({
  id: z.string(),
  apiType: z.string(),
  externalKey: z.string(),
  name: z.string(),
  fetchedAt: z.string(),
});

/** One external field of a record type: `required` from the remote system, `options` for picklists. */
export const integrationFieldSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ id: z.string(), text: z.string() })).optional(),
});
export type IntegrationField = z.infer<typeof integrationFieldSchema>;

const integrationBase = {
  id: z.string(),
  account: z.number().int(),
  enabled: z.boolean(),
  pushWebLeads: z.boolean(),
  status: integrationStatusSchema,
  apis: z.array(integrationApiSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
};

const centerbaseIntegrationSchema = z.object({
  ...integrationBase,
  kind: z.literal('centerbase'),
  apiKeySet: z.boolean(),
  /** '••••' and the key's last four characters, or null when none is set. */
  apiKey: z.string().nullable(),
  subdomain: z.string().nullable(),
  companyName: z.string().nullable(),
});

const zapierHookSummarySchema = z.object({
  id: z.string(),
  formTemplate: z.string(),
  event: z.literal('response.created'),
  createdAt: z.string(),
});

const zapierIntegrationSchema = z.object({
  ...integrationBase,
  kind: z.literal('zapier'),
  /** The API key Zapier connects with (masked), or null before one is generated. */
  accountToken: accountTokenSchema.nullable(),
  /** The live hooks (spec `restHook`): one per Zap turned on. */
  restHooks: z.array(zapierHookSummarySchema),
});

const clioIntegrationSchema = z.object({
  ...integrationBase,
  kind: z.literal('clio'),
  /** The Clio user the connection acts as, once connected. */
  connectedAs: z.string().nullable(),
  region: z.string().nullable(),
});

export const integrationSchema = z.discriminatedUnion('kind', [centerbaseIntegrationSchema, zapierIntegrationSchema, clioIntegrationSchema]);
export type Integration = z.infer<typeof integrationSchema>;

export const integrationPageSchema = paginatedSchema(integrationSchema);

export const integrationParamsSchema = integrationKindParamsSchema.extend({ id: uuidSchema });
export const integrationApiParamsSchema = integrationKindParamsSchema.extend({ id: uuidSchema });

/** Centerbase's subdomain goes into a URL the server calls: letters, digits and dashes only. */
const subdomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(63, 'must be at most 63 characters')
  .regex(/^[a-z0-9-]+$/, 'may contain only letters, digits and dashes');

/** POST and PATCH: `api_key` and `subdomain` are Centerbase's only; `api_key: null` disconnects. */
export const integrationWriteBodySchema = z.object({
  enabled: z.boolean().optional(),
  push_web_leads: z.boolean().optional(),
  api_key: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters').nullable().optional(),
  subdomain: subdomainSchema.nullable().optional(),
});
export type IntegrationWriteBody = z.infer<typeof integrationWriteBodySchema>;

export const integrationApiPageSchema = paginatedSchema(integrationApiSchema);
export const integrationFieldPageSchema = paginatedSchema(integrationFieldSchema);

// Field maps (spec §3, §5). The shape only: the rules are src/domain/field-map, run by the routes on every save.
const mappedFieldSchema = z.object({
  id: z.string().max(200),
  name: z.string().max(500),
  type: z.string().max(100),
  required: z.boolean(),
  error: z.string().max(500).optional(),
});

export const conversionRuleSchema = z.object({
  id: z.string().min(1).max(200),
  local: mappedFieldSchema.nullable(),
  foreign: mappedFieldSchema.nullable(),
}) satisfies z.ZodType<FieldMapRow>;

export const formMapperSchema = z.object({
  id: z.string(),
  formTemplate: z.string(),
  conversionRules: z.array(conversionRuleSchema),
  integrationApiType: z.enum(MAPPED_INTEGRATION_KINDS),
  integrationApiId: z.string().nullable(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormMapper = z.infer<typeof formMapperSchema>;
export const formMapperPageSchema = paginatedSchema(formMapperSchema);

/** Rows are named by id in the 400 of a save (and in the editor), so an id may appear once. */
const conversionRulesField = z
  .array(conversionRuleSchema)
  .max(1000, 'must have at most 1000 rows')
  .superRefine((rows, context) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (seen.has(row.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: 'must be unique among the rows' });
      seen.add(row.id);
    });
  });

export const formMapperCreateBodySchema = z.object({
  form_template: z.string().min(1, 'is required'),
  conversion_rules: conversionRulesField.default([]),
  integration_api_type: z.enum(MAPPED_INTEGRATION_KINDS, { error: 'must be centerbase or clio' }),
  integration_api_id: uuidSchema.nullable().default(null),
  enabled: z.boolean().default(true),
});

export const formMapperPatchBodySchema = z.object({
  /** The SPA sends the id back (spec §7); it must be the one in the path. */
  id: z.string().optional(),
  conversion_rules: conversionRulesField.optional(),
  integration_api_type: z.enum(MAPPED_INTEGRATION_KINDS, { error: 'must be centerbase or clio' }).optional(),
  integration_api_id: uuidSchema.nullable().optional(),
  enabled: z.boolean().optional(),
});

export const formMapperListQuerySchema = z.object({
  form_template: z.string().optional(),
  integration_api_type: z.enum(MAPPED_INTEGRATION_KINDS, { error: 'must be centerbase or clio' }).optional(),
});

export const formMapperParamsSchema = accountParamsSchema.extend({ id: uuidSchema });

/**
 * The three integration kinds (spec §1) and the `{kind}` path parameter, apart from the integrations' own contract: the
 * responses screens (deliveries) need these in the SPA's first load, the rest of the integrations contract does not.
 */
import { z } from 'zod';
import { accountParamsSchema } from './common';

const INTEGRATION_KINDS = ['centerbase', 'zapier', 'clio'] as const;
export const integrationKindSchema = z.enum(INTEGRATION_KINDS);
export const integrationKindParamsSchema = accountParamsSchema.extend({ kind: integrationKindSchema });

/**
 * Clio's OAuth connection (INTEGRATIONS.md "Clio"): the SPA asks for the authorisation URL and sends the browser
 * there; Clio sends it back to `/integrations/clio/callback/`, which redirects to `next` (with `clio_error` when the
 * connection did not happen).
 */
import { z } from 'zod';

export const CLIO_REGION_VALUES = ['us', 'eu', 'ca', 'au'] as const;

/** The query parameter the callback adds to `next` when connecting failed; its value is a message to show. */
export const CLIO_ERROR_PARAM = 'clio_error';

export const clioAuthorizeQuerySchema = z.object({
  /** Where the browser returns after connecting: a path of this site (anything else falls back to the site's root). */
  next: z.string().max(2000, 'must be at most 2000 characters').optional(),
  /** The Clio region the firm's account lives in. */
  region: z.enum(CLIO_REGION_VALUES, { error: 'must be one of us, eu, ca, au' }).default('us'),
});

export const clioAuthorizeResponseSchema = z.object({ url: z.string() });

/** What Clio appends to the redirect: `code` and `state`, or `error` (e.g. access_denied) and `state`. */
export const clioCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});


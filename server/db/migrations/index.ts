import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-accounts-users-sessions.js';
import * as m0002 from './0002-form-templates.js';
import * as m0003 from './0003-responses-prefills.js';
import * as m0004 from './0004-integrations.js';
import * as m0005 from './0005-delivery-queue.js';
import * as m0006 from './0006-deliveries-succeeded.js';
import * as m0007 from './0007-oauth-states.js';
import * as m0008 from './0008-delivery-targets-per-integration.js';
import * as m0009 from './0009-delivery-claim-order.js';
import * as m0010 from './0010-delivery-outbox.js';
import * as m0011 from './0011-account-time-zone.js';
import * as m0012 from './0012-response-version-key.js';

/** Every migration, in order. Static imports: no filesystem scanning, works the same under tsx and bundlers. */
export const migrations: Record<string, Migration> = {
  '0001-accounts-users-sessions': m0001,
  '0002-form-templates': m0002,
  '0003-responses-prefills': m0003,
  '0004-integrations': m0004,
  '0005-delivery-queue': m0005,
  '0006-deliveries-succeeded': m0006,
  '0007-oauth-states': m0007,
  '0008-delivery-targets-per-integration': m0008,
  '0009-delivery-claim-order': m0009,
  '0010-delivery-outbox': m0010,
  '0011-account-time-zone': m0011,
  '0012-response-version-key': m0012,
};

import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-accounts-users-sessions.js';

/** Every migration, in order. Static imports: no filesystem scanning, works the same under tsx and bundlers. */
export const migrations: Record<string, Migration> = {
  '0001-accounts-users-sessions': m0001,
};

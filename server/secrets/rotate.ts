import type { DB } from '../db/database.js';
import { keyIdOf, type SecretBox } from './secret-box.js';

/** Every encrypted column. A new one must be listed here, or a key rotation would leave it under the old key. */
const ENCRYPTED_COLUMNS = [
  { table: 'account_integrations', column: 'secret' },
  { table: 'zapier_hooks', column: 'secret' },
] as const;

export interface RotationResult {
  reencrypted: number;
  alreadyCurrent: number;
}

/**
 * Re-encrypts every secret not yet under the box's current key, in one transaction: a value that no key of the box
 * opens stops the whole rotation and changes nothing (the error names the row), so no secret is ever lost half-way.
 */
export async function reencryptSecrets(db: DB, box: SecretBox): Promise<RotationResult> {
  return db.transaction().execute(async (trx) => {
    const result: RotationResult = { reencrypted: 0, alreadyCurrent: 0 };
    for (const { table, column } of ENCRYPTED_COLUMNS) {
      const rows = await trx.selectFrom(table).select(['id', column]).where(column, 'is not', null).forUpdate().execute();
      for (const row of rows) {
        const value = row[column] as string;
        if (keyIdOf(value) === box.currentKeyId) {
          result.alreadyCurrent += 1;
          continue;
        }
        const place = { table, column, rowId: row.id };
        const fresh = box.encrypt(box.decrypt(value, place), place);
        await trx.updateTable(table).set({ [column]: fresh }).where('id', '=', row.id).execute();
        result.reencrypted += 1;
      }
    }
    return result;
  });
}

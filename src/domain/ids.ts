export const BUILT_IN_FORM_ID = 'contact-export-form';
export const BUILT_IN_FORM_SLUG = 'contact_export_form';
export const BUILT_IN_FORM_DISPLAY_NAME = 'Mapping for Contacts';
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const MAX_UUID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

const DIGITS_ONLY = /^\d+$/;
/**
 * Any version and variant: the nil and all-f UUIDs are valid form ids too (spec §5), and so is any id PostgreSQL's
 * `uuid` type stores. The server validates ids with this pattern (through the contract), not with zod's `z.uuid()`,
 * which refuses UUIDs whose variant bits are not RFC 9562's: such an id would then be a form in the SPA and a 404
 * (or a 400 in a body) on the server.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A digits-only string that is also a usable id: a safe, positive integer. */
export function isAccountId(value: unknown): value is string {
  if (typeof value !== 'string' || !DIGITS_ONLY.test(value)) return false;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0;
}

export function parseAccountId(value: string | undefined | null): number | null {
  return isAccountId(value) ? Number(value) : null;
}

export function isFormId(value: string): boolean {
  return value === BUILT_IN_FORM_ID || isUuid(value);
}

/**
 * The route parameter wins when the route declares one; otherwise the first path segment is tried.
 * Either counts only if it is an integer (spec §2).
 */
export function accountIdFromPath(pathname: string, params?: { accountId?: string }): number | null {
  if (params?.accountId !== undefined) return parseAccountId(params.accountId);
  const firstSegment = pathname.split('/').find((segment) => segment !== '');
  return parseAccountId(firstSegment);
}

import { BUILT_IN_FORM_ID } from './ids';

export type FormPermission = 'create' | 'share' | 'integrate';

const ALL_ALLOWED: Readonly<Record<FormPermission, boolean>> = { create: true, share: true, integrate: true };

// The built-in mapping form only exists to carry a contact field map: it cannot be built or shared (spec §5),
// but it can be connected to integrations.
const BUILT_IN_FORM: Readonly<Record<FormPermission, boolean>> = { create: false, share: false, integrate: true };

export function formPermissions(formId: string): Record<FormPermission, boolean> {
  return { ...(formId === BUILT_IN_FORM_ID ? BUILT_IN_FORM : ALL_ALLOWED) };
}

export function hasFormPermission(formId: string, permission: FormPermission): boolean {
  return formPermissions(formId)[permission];
}

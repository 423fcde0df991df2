import type { DB } from '../db/database.js';
import {
  BUILT_IN_FORM_DISPLAY_NAME,
  BUILT_IN_FORM_SLUG,
} from '../../src/domain/ids.js';
import { DEFAULT_BUTTON_STYLE, type FormDocument, type InputElement, type InputSubtype } from '../../src/domain/form-document.js';
import { newId } from '../../src/domain/ids-factory.js';

/**
 * The built-in 'Mapping for Contacts' form every account has (spec §3): the contact fields that
 * integrations map when contacts are exported. It cannot be built, shared or archived; it can be integrated.
 */
function builtInFormDocument(): FormDocument {
  const pageId = newId();
  const input = (subtype: InputSubtype, label: string, dataName: string, required = false): InputElement => ({
    type: 'input',
    subtype,
    id: newId(),
    parentId: pageId,
    label,
    dataName,
    placeholder: '',
    helpText: '',
    default: { staticValue: null, referenceValueId: null },
    options: [],
    minValue: null,
    maxValue: null,
    stepValue: null,
    minLength: null,
    maxLength: null,
    required,
  });
  return [
    {
      type: 'page',
      id: pageId,
      title: 'Contact',
      children: [
        input('textInput', 'First name', 'first_name', true),
        input('textInput', 'Last name', 'last_name', true),
        input('email', 'Email', 'email'),
        input('phoneNumber', 'Phone number', 'phone_number'),
      ],
    },
  ];
}

/** Creates the account's built-in form unless it exists (safe to call concurrently). */
export async function ensureBuiltInForm(db: DB, accountId: number): Promise<void> {
  const existing = await db
    .selectFrom('form_templates')
    .select('id')
    .where('account_id', '=', accountId)
    .where('internal_form_slug', '=', BUILT_IN_FORM_SLUG)
    .executeTakeFirst();
  if (existing) return;
  const id = newId();
  await db
    .insertInto('form_templates')
    .values({
      id,
      group_id: id,
      account_id: accountId,
      name: BUILT_IN_FORM_DISPLAY_NAME,
      display_name: BUILT_IN_FORM_DISPLAY_NAME,
      json_form: JSON.stringify(builtInFormDocument()),
      json_conditional_logic: JSON.stringify({ conditionMap: {}, pageMap: {} }),
      json_form_style: JSON.stringify({ button: { ...DEFAULT_BUTTON_STYLE } }),
      internal_form_slug: BUILT_IN_FORM_SLUG,
    })
    .onConflict((oc) => oc.columns(['account_id', 'internal_form_slug']).where('internal_form_slug', 'is not', null).doNothing())
    .execute();
}

/** An account with everything a new account has (its built-in form). */
export async function createAccountWithDefaults(db: DB, internalName: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('accounts').values({ internal_name: internalName }).returning('id').executeTakeFirstOrThrow();
    await ensureBuiltInForm(trx, row.id);
    return row.id;
  });
}

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FieldMapEditor } from '../../../../../src/features/integrations/field-maps/field-map-editor';
import { HttpResponse, http, server, startMswServer } from '../../../app/msw-server';
import { renderWithProviders } from '../../../test-utils';
import {
  ACCOUNT_ID,
  CONTACT_API,
  CONTACT_API_ID,
  FIELD_LIST,
  FORM_ID,
  MAP_ID,
  MAPPER,
  MAPPERS,
  TEMPLATE,
  failing,
  fieldListHandler,
  mapperHandler,
  side,
  templateHandler,
  wireMapper,
} from './field-map-fixtures';

startMswServer();

function renderEditor(mapId: string | null = null) {
  return renderWithProviders(<FieldMapEditor accountId={ACCOUNT_ID} formId={FORM_ID} kind="clio" api={CONTACT_API} mapId={mapId} />);
}

/** Records each body sent to `path` with `method`, answering 201/200 with a map holding what was sent. */
function saveRecorder(method: 'post' | 'patch', path: string) {
  const bodies: Record<string, unknown>[] = [];
  const handler = http[method](path, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return HttpResponse.json(wireMapper({ conversionRules: body.conversion_rules }), { status: method === 'post' ? 201 : 200 });
  });
  return { bodies, handler };
}

// The first picker waits for the lazily loaded select chunk, which a cold test run transforms first.
const picker = (side: 'Form' | 'Clio', row: number) => screen.findByRole('combobox', { name: `${side} field for row ${row}` }, { timeout: 5000 });
const rowGroup = (row: number) => screen.getByRole('group', { name: new RegExp(`^Row ${row}\\b`) });

/** Chooses an option by keyboard only: type to filter, Enter to take the first match. */
async function choose(user: ReturnType<typeof renderEditor>['user'], combo: HTMLElement, text: string) {
  await user.click(combo);
  await user.type(combo, text);
  await user.keyboard('{Enter}');
}

/** The error messages a picker is described by (react-select adds its placeholder to the description too). */
function errorOf(combo: HTMLElement): string {
  const ids = (combo.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('|');
}

describe('FieldMapEditor', () => {
  it('starts a new map with the record type’s required fields as fixed, marked, unremovable rows', async () => {
    server.use(templateHandler(), fieldListHandler());
    renderEditor();
    await picker('Form', 1);
    const foreign = screen.getByRole('textbox', { name: 'Clio field for row 1' });
    expect(foreign).toHaveValue('First Name');
    expect(foreign).toHaveAttribute('readonly');
    expect(within(rowGroup(1)).getByText('Required')).toBeInTheDocument();
    expect(within(rowGroup(1)).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    // Nobody has touched the row: its empty side waits for a save attempt before it shows an error.
    expect(errorOf(await picker('Form', 1))).toBe('');
    expect(screen.getAllByRole('group')).toHaveLength(1);
  });

  it('adds a row from the keyboard, focuses its first picker, and offers only compatible, unused fields', async () => {
    server.use(templateHandler(), fieldListHandler());
    const { user } = renderEditor();
    await picker('Form', 1);

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    const local = await picker('Form', 2);
    await waitFor(() => expect(local).toHaveFocus());
    await choose(user, local, 'Email');
    expect(within(rowGroup(2)).getByText('Email address')).toBeInTheDocument();

    const foreign = await picker('Clio', 2);
    await user.click(foreign);
    await user.keyboard('{ArrowDown}');
    const names = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    // An email input fills email and text fields; First Name is the required row's already; the nameless field reads 'Unnamed Field'.
    expect(names).toEqual(['Primary Email', 'Unnamed Field']);

    await user.type(foreign, 'zzz');
    expect(screen.getByText('Sorry, no matching options.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
  });

  it('filters the form inputs by what the chosen external field takes', async () => {
    server.use(templateHandler(), fieldListHandler());
    const { user } = renderEditor();
    await picker('Form', 1);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await choose(user, await picker('Clio', 2), 'Children');

    const local = await picker('Form', 2);
    await user.click(local);
    await user.keyboard('{ArrowDown}');
    const names = within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['Number of children']);
  });

  it('shows the rules’ errors live under the side they concern, tied to the picker, and sends nothing while one remains', async () => {
    const posted = vi.fn();
    server.use(
      templateHandler(),
      fieldListHandler(),
      http.post(MAPPERS, () => {
        posted();
        return HttpResponse.json(wireMapper(), { status: 201 });
      }),
    );
    const { user } = renderEditor();

    // A required field filled by an input the form does not require: the local side says so.
    const local1 = await picker('Form', 1);
    await choose(user, local1, 'Email address');
    expect(errorOf(local1)).toBe('This field must be marked as Required on the published form');
    expect(local1).toHaveAttribute('aria-invalid', 'true');

    // One side only: the other side asks for a field.
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await choose(user, await picker('Form', 2), 'Number of children');
    expect(errorOf(await picker('Clio', 2))).toBe('Please select a field');
    expect(errorOf(await picker('Form', 2))).toBe('');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(posted).not.toHaveBeenCalled();
    expect(await picker('Form', 1)).toHaveFocus();

    await choose(user, await picker('Form', 1), 'Full name');
    expect(errorOf(await picker('Form', 1))).toBe('');
    await user.click(within(rowGroup(2)).getByRole('button', { name: 'Remove row 2' }));
    expect(screen.getByRole('button', { name: 'Add row' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
  });

  it('creates the map with POST (spec §7 fields, snake_case), then saves it with PATCH and its id', async () => {
    const created = saveRecorder('post', MAPPERS);
    const updated = saveRecorder('patch', MAPPER);
    server.use(templateHandler(), fieldListHandler(), created.handler, updated.handler);
    const { user, store } = renderEditor();

    await choose(user, await picker('Form', 1), 'Full name');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await choose(user, await picker('Form', 2), 'Area of law');
    await choose(user, await picker('Clio', 2), 'Practice');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(created.bodies).toHaveLength(1));
    const rows = created.bodies[0]!.conversion_rules as { id: string }[];
    expect(created.bodies[0]).toEqual({
      form_template: FORM_ID,
      integration_api_type: 'clio',
      integration_api_id: CONTACT_API_ID,
      conversion_rules: [
        { id: 'required:f_first', local: side('in_name', 'Full name', 'textInput', true), foreign: side('f_first', 'First Name', 'text', true) },
        { id: rows[1]!.id, local: side('in_area', 'Area of law', 'radio'), foreign: side('f_area', 'Practice Area', 'picklist') },
      ],
    });
    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'success' }));
    expect(screen.getByText('All changes saved')).toBeInTheDocument();

    await user.click(within(rowGroup(2)).getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updated.bodies).toHaveLength(1));
    expect(updated.bodies[0]).toMatchObject({ id: MAP_ID, integration_api_type: 'clio', integration_api_id: CONTACT_API_ID });
    expect(updated.bodies[0]!.conversion_rules).toHaveLength(1);
  });

  it('puts the server’s 400 messages under the side of the row they name, toasts, and sends nothing more until that row changes', async () => {
    let calls = 0;
    server.use(
      templateHandler(),
      fieldListHandler(),
      http.post(MAPPERS, () => {
        calls += 1;
        return HttpResponse.json(
          { detail: 'Invalid field map: conversion_rules.1.foreign: This picklist has no option for: Other', errors: { 'conversion_rules.1.foreign': ['This picklist has no option for: Other'] } },
          { status: 400 },
        );
      }),
    );
    const { user, store } = renderEditor();

    await choose(user, await picker('Form', 1), 'Full name');
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    await choose(user, await picker('Form', 2), 'Area of law');
    await choose(user, await picker('Clio', 2), 'Practice');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Unable to save Field Map at this time' }));
    const foreign = await picker('Clio', 2);
    expect(errorOf(foreign)).toBe('This picklist has no option for: Other');
    expect(errorOf(await picker('Form', 2))).toBe('');
    expect(foreign).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls).toBe(1);
  });

  it('opens a saved map with the deleted-field errors of spec §5 and names a nameless field ‘Unnamed Field’', async () => {
    server.use(
      templateHandler(),
      fieldListHandler(),
      mapperHandler({
        conversionRules: [
          { id: 'r1', local: side('in_name', 'Full name', 'textInput', true), foreign: side('f_first', 'First Name', 'text', true) },
          { id: 'r2', local: side('in_gone', 'Old question', 'textInput'), foreign: side('f_blank', '', 'text') },
          { id: 'r3', local: side('in_email', 'Email address', 'email'), foreign: side('f_gone', 'Fax', 'text') },
        ],
      }),
    );
    renderEditor(MAP_ID);

    expect(errorOf(await picker('Form', 2))).toBe('Field no longer exists on this form. Select a new field and save.');
    expect(within(rowGroup(2)).getByText('Unnamed Field')).toBeInTheDocument();
    expect(errorOf(await picker('Clio', 3))).toBe('Field no longer exists on this integration. Select a new field and save');
    // A row whose field disappeared is no longer required, so it can go.
    expect(within(rowGroup(3)).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it.each([
    ['the field list', FIELD_LIST, 'Unable to load API fields'],
    ['the form', TEMPLATE, 'An error occurred while loading Field Map integration data'],
    ['the saved map', MAPPER, 'An error occurred during Field Map import'],
  ])('shows “%s” failing to load with its message', async (_what, path, message) => {
    server.use(failing(path), templateHandler(), fieldListHandler(), mapperHandler());
    const { store } = renderEditor(MAP_ID);

    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(message);
    expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordTypeFieldMaps } from '../../../../../src/features/integrations/field-maps/record-type-field-maps';
import { HttpResponse, http, server, startMswServer } from '../../../app/msw-server';
import { renderWithProviders } from '../../../test-utils';
import {
  ACCOUNT_ID,
  APIS,
  CONTACT_API_ID,
  FORM_ID,
  MAP_ID,
  MAPPER,
  MAPPERS,
  apisHandler,
  failing,
  fieldListHandler,
  mapperHandler,
  mappersHandler,
  templateHandler,
  wireMapper,
} from './field-map-fixtures';

startMswServer();

function renderStep() {
  return renderWithProviders(<RecordTypeFieldMaps accountId={ACCOUNT_ID} formId={FORM_ID} kind="clio" />);
}

const card = (name: string) => screen.findByRole('region', { name });

describe('RecordTypeFieldMaps', () => {
  it('lists the record types with their maps; a record type without a map has its switch off and locked', async () => {
    server.use(apisHandler(), mappersHandler([wireMapper()]));
    renderStep();

    const contact = await card('Contact');
    expect(within(contact).getByText('1 field mapped')).toBeInTheDocument();
    expect(within(contact).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    const matter = await card('Matter');
    expect(within(matter).getByText('No field map yet')).toBeInTheDocument();
    expect(within(matter).getByRole('switch', { name: 'Disabled' })).toBeDisabled();
  });

  it('sends id, enabled, type and apiId from the enable toggle, locked while it switches', async () => {
    const bodies: unknown[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      apisHandler(),
      mappersHandler([wireMapper()]),
      http.patch(MAPPER, async ({ request }) => {
        bodies.push(await request.json());
        await held;
        return HttpResponse.json(wireMapper({ enabled: false }));
      }),
    );
    const { user, store } = renderStep();

    const contact = await card('Contact');
    await user.click(within(contact).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(bodies).toEqual([{ id: MAP_ID, enabled: false, integration_api_type: 'clio', integration_api_id: CONTACT_API_ID }]));
    expect(within(contact).getByRole('switch')).toBeDisabled();

    release();
    await waitFor(() => expect(within(contact).getByRole('switch', { name: 'Disabled' })).not.toBeChecked());
    expect(within(contact).getByRole('switch')).toBeEnabled();
    expect(store.getState().app.toast).toMatchObject({ variant: 'success' });
  });

  it("toasts 'Unable to save Field Map at this time' when the toggle fails, and leaves the switch as it was", async () => {
    server.use(apisHandler(), mappersHandler([wireMapper()]), http.patch(MAPPER, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { user, store } = renderStep();

    const contact = await card('Contact');
    await user.click(within(contact).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Unable to save Field Map at this time' }));
    expect(within(contact).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(within(contact).getByRole('switch')).toBeEnabled();
  });

  it('opens the field-map editor of a record type from “Edit field map”', async () => {
    server.use(apisHandler(), mappersHandler([wireMapper()]), mapperHandler(), templateHandler(), fieldListHandler());
    const { user } = renderStep();

    const contact = await card('Contact');
    const edit = within(contact).getByRole('button', { name: 'Edit field map' });
    expect(edit).toHaveAttribute('aria-expanded', 'false');
    await user.click(edit);
    expect(within(contact).getByRole('button', { name: 'Close field map' })).toHaveAttribute('aria-expanded', 'true');
    const editor = await within(contact).findByRole('form', { name: 'Field map for Contact' });
    expect(await within(editor).findByRole('combobox', { name: 'Form field for row 1' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('asks before closing an editor that holds unsaved changes', async () => {
    server.use(apisHandler(), mappersHandler([wireMapper()]), mapperHandler(), templateHandler(), fieldListHandler());
    const { user } = renderStep();

    const contact = await card('Contact');
    await user.click(within(contact).getByRole('button', { name: 'Edit field map' }));
    await within(contact).findByRole('combobox', { name: 'Form field for row 1' }, { timeout: 5000 });
    await user.click(within(contact).getByRole('button', { name: 'Add row' }));
    const local = await within(contact).findByRole('combobox', { name: 'Form field for row 2' });
    await user.type(local, 'Email');
    await user.keyboard('{Enter}');
    expect(within(contact).getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(within(contact).getByRole('button', { name: 'Close field map' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Close without saving?');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(contact).queryByRole('form')).not.toBeInTheDocument());
    expect(within(contact).getByRole('button', { name: 'Edit field map' })).toBeInTheDocument();
  });

  it("says 'Connect the integration first' when the integration has no record types", async () => {
    server.use(apisHandler([]), mappersHandler([]));
    renderStep();
    expect(await screen.findByText('Connect the integration first')).toBeInTheDocument();
  });

  it.each([
    ['the record types', APIS, 'Unable to load integration API data'],
    ['the field maps', MAPPERS, 'An error occurred while loading Field Map integration data'],
  ])('shows %s failing to load with its message', async (_what, path, message) => {
    server.use(failing(path), apisHandler(), mappersHandler([]));
    const { store } = renderStep();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(message);
    expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message });
  });
});

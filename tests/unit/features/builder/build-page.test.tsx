import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import {
  ACCOUNT_ID,
  CREATED_FORM_ID,
  FORM_ID,
  NEW_FORM_ID,
  TEMPLATES_URL,
  TEMPLATE_URL,
  renderBuilder,
  sampleDocument,
  savableDocument,
  templateJson as sampleTemplateJson,
} from './builder-fixtures';

startMswServer();

/** The sample template, with something on its second page so that it can be saved. */
const templateJson = (overrides: Record<string, unknown> = {}) => sampleTemplateJson({ jsonForm: savableDocument(), ...overrides });

const CONFLICT = 'This form was changed by someone else since you opened it. Reload it to see their changes, then save again.';

function serveTemplate(template: Record<string, unknown> = templateJson()) {
  server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(template)));
}

async function openFullName(user: ReturnType<typeof renderBuilder>['user']) {
  // The first render loads the whole builder: give a busy machine time.
  await user.click(await screen.findByRole('group', { name: 'Short Answer: Full name' }, { timeout: 5000 }));
  return screen.getByLabelText('Label');
}

describe('build page: loading', () => {
  it('loads the form and shows its pages, sections and inputs on the canvas', async () => {
    serveTemplate();
    renderBuilder();
    expect(await screen.findByRole('group', { name: 'Page: About you' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Section: Matter' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Dropdown: Practice area' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Client intake' })).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', `/${ACCOUNT_ID}/build/${FORM_ID}/preview`);
    expect(screen.getByRole('link', { name: 'JSON view' })).toHaveAttribute('href', `/${ACCOUNT_ID}/build/${FORM_ID}/json-view`);
    expect(screen.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', `/${ACCOUNT_ID}/build/${FORM_ID}/integrations`);
    expect(screen.getByRole('link', { name: 'Back to All Forms' })).toHaveAttribute('href', `/${ACCOUNT_ID}`);
  });

  it('toasts "Unable to load the selected form" when loading fails for another reason than 404', async () => {
    server.use(http.get(TEMPLATE_URL, () => HttpResponse.json({ detail: 'boom' }, { status: 500 })));
    renderBuilder();
    expect(await screen.findByText('Unable to load the selected form')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('starts a new form (nil id) with a first page and one empty section, without calling the server', async () => {
    renderBuilder(`/${ACCOUNT_ID}/build/${NEW_FORM_ID}`);
    expect(await screen.findByRole('group', { name: 'Page: Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Section: Section' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});

describe('build page: unsaved changes and saving', () => {
  it('shows the badge after an edit and hides it after a successful save', async () => {
    let saved: Record<string, unknown> = templateJson();
    server.use(
      http.get(TEMPLATE_URL, () => HttpResponse.json(saved)),
      http.put(TEMPLATE_URL, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        saved = templateJson({ jsonForm: body.jsonForm, updatedAt: '2024-06-01T08:00:00.000Z' });
        return HttpResponse.json(saved);
      }),
    );
    const { user } = renderBuilder();
    const label = await openFullName(user);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    await user.type(label, 's');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('drops the badge again when an edit is undone by hand', async () => {
    serveTemplate();
    const { user } = renderBuilder();
    const label = await openFullName(user);
    await user.type(label, 'x');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.type(label, '{Backspace}');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('PUTs the whole form with the loaded updated_at, re-reads it and stays on the build screen', async () => {
    let body: Record<string, unknown> | null = null;
    let reads = 0;
    server.use(
      http.get(TEMPLATE_URL, () => {
        reads += 1;
        return HttpResponse.json(templateJson());
      }),
      http.put(TEMPLATE_URL, async ({ request, params }) => {
        expect(params.id).toBe(FORM_ID);
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(templateJson({ updatedAt: '2024-06-01T08:00:00.000Z' }));
      }),
    );
    const { user, router } = renderBuilder();
    const label = await openFullName(user);
    await user.clear(label);
    await user.type(label, 'Client name');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(body).not.toBeNull());
    const sent = body as unknown as Record<string, unknown>;
    expect(sent).toMatchObject({
      id: FORM_ID,
      name: 'Client intake',
      display_name: 'Tell us about your matter',
      description: 'First contact',
      custom_submit_message: 'Thank you',
      updated_at: '2024-05-02T10:30:00.000Z',
      jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
      jsonFormStyle: { button: { submitTextContent: 'Submit', bodyColor: '#111928' } },
    });
    const jsonForm = sent.jsonForm as { children: { label?: string; dataName?: string }[] }[];
    // json* keys travel untouched (camelCase inside).
    expect(jsonForm[0].children[0]).toMatchObject({ label: 'Client name', dataName: 'client_name' });
    expect(jsonForm).toHaveLength(2);
    await waitFor(() => expect(reads).toBe(2));
    expect(router.state.location.pathname).toBe(`/${ACCOUNT_ID}/build/${FORM_ID}`);
  });

  it('POSTs a new form and goes to the build screen of its new id', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.post(TEMPLATES_URL, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(templateJson({ id: CREATED_FORM_ID, name: 'Divorce intake', jsonForm: body.jsonForm }), { status: 201 });
      }),
      http.get(TEMPLATE_URL, ({ params }) => {
        expect(params.id).toBe(CREATED_FORM_ID);
        return HttpResponse.json(templateJson({ id: CREATED_FORM_ID, name: 'Divorce intake', jsonForm: body?.jsonForm }));
      }),
    );
    const { user, router } = renderBuilder(`/${ACCOUNT_ID}/build/${NEW_FORM_ID}`);
    await screen.findByRole('group', { name: 'Page: Page 1' });
    await user.click(screen.getByRole('tab', { name: 'Form settings' }));
    await user.type(screen.getByLabelText('Form name'), 'Divorce intake');
    await user.type(screen.getByLabelText('Submit message'), 'We will call you');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Form created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${ACCOUNT_ID}/build/${CREATED_FORM_ID}`));
    const sent = body as unknown as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Divorce intake', display_name: '', description: '', custom_submit_message: 'We will call you' });
    expect(sent).not.toHaveProperty('id');
    const jsonForm = sent.jsonForm as { type: string; title: string; children: { type: string }[] }[];
    expect(jsonForm).toHaveLength(1);
    expect(jsonForm[0]).toMatchObject({ type: 'page', title: 'Page 1' });
    expect(jsonForm[0].children).toEqual([expect.objectContaining({ type: 'section', title: 'Section' })]);
    // The builder stays up (no reload) and the form is now saved.
    expect(screen.getByRole('group', { name: 'Page: Page 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('refuses to save without a form name: "Form name is required", next to the field, no request', async () => {
    const { user } = renderBuilder(`/${ACCOUNT_ID}/build/${NEW_FORM_ID}`);
    await screen.findByRole('group', { name: 'Page: Page 1' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const field = await screen.findByLabelText('Form name');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Form name is required'));
    expect(screen.getAllByText('Form name is required').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a conflict notice on a 409 that stays, keeps the changes, and names their version', async () => {
    let reads = 0;
    server.use(
      http.get(TEMPLATE_URL, () => {
        reads += 1;
        return HttpResponse.json(reads === 1 ? templateJson() : templateJson({ updatedAt: '2024-05-03T14:05:00.000Z', name: 'Client intake (new)' }));
      }),
      http.put(TEMPLATE_URL, () => HttpResponse.json({ detail: CONFLICT }, { status: 409 })),
    );
    const { user } = renderBuilder();
    const label = await openFullName(user);
    await user.type(label, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const title = await screen.findByText('Someone else saved this form while you were editing it');
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(alert).not.toBeNull();
    expect(alert).toHaveTextContent(/under the name “Client intake \(new\)”/);
    expect(alert).toHaveTextContent('Save keeps being refused until you choose which version to keep');
    expect(within(alert).getByRole('button', { name: 'Reload theirs' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Overwrite with mine' })).toBeInTheDocument();
    // No passing toast instead: the notice says it, and stays while the user goes on typing.
    expect(screen.queryByText(CONFLICT)).not.toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByLabelText('Label')).toHaveValue('Full name!');
    await user.type(screen.getByLabelText('Label'), '?');
    expect(screen.getByText('Someone else saved this form while you were editing it')).toBeInTheDocument();
  }, 15_000);

  it('overwrites with mine after a confirmation: the PUT carries their version’s updatedAt, then the notice goes', async () => {
    const theirUpdatedAt = '2024-05-03T14:05:00.000Z';
    let reads = 0;
    const puts: Record<string, unknown>[] = [];
    server.use(
      http.get(TEMPLATE_URL, () => {
        reads += 1;
        return HttpResponse.json(reads === 1 ? templateJson() : templateJson({ updatedAt: theirUpdatedAt }));
      }),
      http.put(TEMPLATE_URL, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        if (body.updated_at !== theirUpdatedAt) return HttpResponse.json({ detail: CONFLICT }, { status: 409 });
        return HttpResponse.json(templateJson({ updatedAt: '2024-05-03T14:10:00.000Z', jsonForm: body.jsonForm }));
      }),
    );
    const { user } = renderBuilder();
    const label = await openFullName(user);
    await user.type(label, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const overwrite = await screen.findByRole('button', { name: 'Overwrite with mine' });
    await user.click(overwrite);
    // Nothing is sent before the confirmation.
    expect(puts).toHaveLength(1);
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Their changes will be lost.');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, overwrite' }));
    expect(await screen.findByText('Form updated successfully')).toBeInTheDocument();
    expect(puts).toHaveLength(2);
    expect(puts[1]).toMatchObject({ updated_at: theirUpdatedAt });
    await waitFor(() => expect(screen.queryByText('Someone else saved this form while you were editing it')).not.toBeInTheDocument());
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  }, 15_000);

  it('reloads theirs after a confirmation, and Undo brings mine back', async () => {
    let reads = 0;
    server.use(
      http.get(TEMPLATE_URL, () => {
        reads += 1;
        const theirDocument = sampleDocument();
        (theirDocument[0].children[0] as { label: string }).label = 'Their name';
        return HttpResponse.json(reads === 1 ? templateJson() : templateJson({ updatedAt: '2024-05-03T14:05:00.000Z', jsonForm: theirDocument }));
      }),
      http.put(TEMPLATE_URL, () => HttpResponse.json({ detail: CONFLICT }, { status: 409 })),
    );
    const { user } = renderBuilder();
    const label = await openFullName(user);
    await user.clear(label);
    await user.type(label, 'My name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Reload theirs' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Yes, reload theirs' }));
    expect(await screen.findByRole('group', { name: 'Short Answer: Their name' })).toBeInTheDocument();
    expect(screen.queryByText('Someone else saved this form while you were editing it')).not.toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('group', { name: 'Short Answer: My name' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  }, 15_000);

  it('toasts "Unable to update form" with the problem, and shows a 400 message beside the element and field it names', async () => {
    serveTemplate();
    server.use(
      http.put(TEMPLATE_URL, () =>
        HttpResponse.json(
          { detail: 'Invalid form', errors: { 'jsonForm.0.children.1.children.0.label': ['must not be "Practice area" twice'] } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderBuilder();
    const label = await openFullName(user);
    await user.type(label, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to update form. “Practice area”: must not be "Practice area" twice.')).toBeInTheDocument();
    const element = screen.getByRole('group', { name: 'Dropdown: Practice area' });
    expect(within(element).getByText('must not be "Practice area" twice')).toBeInTheDocument();
    // The element with the problem is selected, its properties show the message beside the field.
    expect(element).toHaveAttribute('aria-current', 'true');
    const properties = screen.getByRole('form', { name: 'Dropdown properties' });
    expect(within(properties).getByLabelText('Label')).toHaveAccessibleDescription('must not be "Practice area" twice');
  });

  it('asks before leaving with unsaved changes', async () => {
    serveTemplate();
    const { user, router } = renderBuilder();
    const label = await openFullName(user);
    await user.type(label, '!');

    await user.click(screen.getByRole('link', { name: 'Back to All Forms' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/${ACCOUNT_ID}/build/${FORM_ID}`);

    await user.click(screen.getByRole('link', { name: 'Back to All Forms' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Forms list')).toBeInTheDocument();
  });

  it('asks the browser to confirm a reload or close only while there are unsaved changes', async () => {
    serveTemplate();
    const { user } = renderBuilder();
    const label = await openFullName(user);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(label, '!');
    expect(unload()).toBe(true);
  });

  it('saves with Ctrl+S', async () => {
    serveTemplate();
    let puts = 0;
    server.use(
      http.put(TEMPLATE_URL, () => {
        puts += 1;
        return HttpResponse.json(templateJson());
      }),
    );
    const { user } = renderBuilder();
    const label = await openFullName(user);
    await user.type(label, '!');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByText('Form updated successfully')).toBeInTheDocument();
    expect(puts).toBe(1);
  });

  it('goes to the preview without asking: the preview shows the unsaved form', async () => {
    serveTemplate();
    const { user } = renderBuilder();
    const label = await openFullName(user);
    await user.type(label, '!');
    await user.click(screen.getByRole('link', { name: 'Preview' }));
    expect(await screen.findByText('Preview screen')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

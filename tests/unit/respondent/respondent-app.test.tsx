import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConditionalLogic } from '../../../src/domain/form-document';
import type { EmbedSettings, ParentMessenger } from '../../../src/respondent/embed-bridge';
import { loadRespondentData } from '../../../src/respondent/public-api';
import { LOAD_FAILED_TITLE, mountRespondent, RespondentApp, UNAVAILABLE_TITLE } from '../../../src/respondent/respondent-app';
import type { RespondentBoot } from '../../../src/respondent/respondent-boot';
import { INVALID_MESSAGE, NETWORK_FAILED_MESSAGE } from '../../../src/respondent/submission';
import { FORM_ID, jsonResponse, PREFILL_ID, publicForm } from './fixtures';

const KEY = '11111111-2222-4333-8444-555555555555';
const START_TOKEN = 'lq3x1c00.c2lnbmVkLWJ5LXRoZS1zZXJ2ZXItd2l0aC1pdHMtc2VjcmV0LWtleQ';

type Route = (url: string, init?: RequestInit) => Response | Promise<Response>;

function stubFetch(routes: Record<string, Route | Route[]>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const route = routes[`${method} ${url}`];
    const handler = Array.isArray(route) ? (route.length > 1 ? route.shift()! : route[0]) : route;
    if (!handler) throw new Error(`unexpected ${method} ${url}`);
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const formUrl = `GET /api/public/forms/${FORM_ID}/`;
const prefillUrl = `GET /api/public/forms/${FORM_ID}/prefills/${PREFILL_ID}/`;
const submitUrl = 'POST /api/form-submit/';

function bootFor(query = '', embed: EmbedSettings = { embedded: false, parentOrigin: null }): RespondentBoot {
  const params = new URLSearchParams(query);
  const prefillId = params.get('prefill');
  const load = () => loadRespondentData(FORM_ID, prefillId, { retryDelayMs: 0 });
  return { formId: FORM_ID, prefillId, params, embed, submissionKey: KEY, firstLoad: load(), load };
}

const quietMessenger = () => ({
  resized: vi.fn<ParentMessenger['resized']>(),
  titled: vi.fn<ParentMessenger['titled']>(),
  submitted: vi.fn<ParentMessenger['submitted']>(),
});

function renderApp(boot: RespondentBoot, messenger = quietMessenger()) {
  const user = userEvent.setup();
  render(<RespondentApp boot={boot} messenger={messenger} />);
  return { user, messenger };
}

const submitBody = (fetch: ReturnType<typeof stubFetch>, n = 0) =>
  JSON.parse(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')[n][1]!.body as string);

beforeEach(() => {
  document.title = 'Form';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('respondent page', () => {
  it('shows a loading state, then the form with its name as the title', async () => {
    stubFetch({ [formUrl]: () => jsonResponse(200, publicForm()) });
    renderApp(bootFor());
    expect(screen.getByRole('status')).toHaveTextContent('Loading form…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Client intake' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
    // The title is set in an effect after the form is committed.
    await waitFor(() => expect(document.title).toBe('Client intake'));
  });

  it('says the form is not available on 404', async () => {
    stubFetch({ [formUrl]: () => jsonResponse(404, { detail: 'This form is not available.' }) });
    renderApp(bootFor());
    expect(await screen.findByRole('heading', { name: UNAVAILABLE_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers a retry when the network fails', async () => {
    const fetch = stubFetch({
      [formUrl]: [
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => Promise.reject(new TypeError('Failed to fetch')),
        () => jsonResponse(200, publicForm()),
      ],
    });
    const { user } = renderApp(bootFor());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: LOAD_FAILED_TITLE })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('starts from the prefill, overridden by URL parameters named by dataName', async () => {
    stubFetch({
      [formUrl]: () => jsonResponse(200, publicForm()),
      [prefillUrl]: () => jsonResponse(200, { id: PREFILL_ID, data: { 'in-name': 'Pre Filled', 'in-email': 'pre@example.com', 'in-area': 'opt-family' } }),
    });
    renderApp(bootFor(`prefill=${PREFILL_ID}&full_name=Jane%20Doe&urgent=No&contact_by=phone,email&age=33`));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Jane Doe');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('pre@example.com');
    expect(screen.getByRole('combobox', { name: 'Practice area' })).toHaveValue('opt-family');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Phone' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Age' })).toHaveValue(33);
  });

  it('opens without the prefill when its link is no longer valid, and does not claim it on submit', async () => {
    const fetch = stubFetch({
      [formUrl]: () => jsonResponse(200, publicForm()),
      [prefillUrl]: () => jsonResponse(404, { detail: 'This prefill link is no longer valid.' }),
      [submitUrl]: () => jsonResponse(201, { id: 'r1', message: 'Thanks' }),
    });
    const { user } = renderApp(bootFor(`prefill=${PREFILL_ID}&full_name=Ann`));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Ann');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Thanks');
    expect(submitBody(fetch)).not.toHaveProperty('prefill_id');
  });

  it('submits the answers with the key, the honeypot and the form read’s start token, and shows the server’s message', async () => {
    const fetch = stubFetch({
      [formUrl]: () => jsonResponse(200, publicForm(), { 'x-form-start-token': START_TOKEN }),
      [prefillUrl]: () => jsonResponse(200, { id: PREFILL_ID, data: {} }),
      [submitUrl]: () => jsonResponse(201, { id: 'resp-7', message: 'We will call you within a day.' }),
    });
    const messenger = quietMessenger();
    const { user } = renderApp(bootFor(`prefill=${PREFILL_ID}`), messenger);
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), '  Jane  ');
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot.closest('form')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We will call you within a day.');
    expect(submitBody(fetch)).toEqual({ form_id: FORM_ID, data: { 'in-name': 'Jane' }, prefill_id: PREFILL_ID, submission_key: KEY, hp: '', start_token: START_TOKEN });
    expect(messenger.submitted).toHaveBeenCalledWith('resp-7');
  });

  it('passes what a bot typed into the honeypot', async () => {
    const fetch = stubFetch({ [formUrl]: () => jsonResponse(200, publicForm()), [submitUrl]: () => jsonResponse(201, { id: 'r', message: 'ok' }) });
    const { user } = renderApp(bootFor('full_name=Bot'));
    await screen.findByRole('textbox', { name: 'Full name' });
    await user.type(document.querySelector<HTMLInputElement>('input[name="website"]')!, 'http://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('ok');
    expect(submitBody(fetch).hp).toBe('http://spam.example');
  });

  it('shows a 400’s errors under their fields and focuses the first', async () => {
    stubFetch({
      [formUrl]: () => jsonResponse(200, publicForm()),
      [submitUrl]: () =>
        jsonResponse(400, { detail: 'Invalid answer for "Email": Enter a valid email address', errors: { 'in-email': ['Enter a valid email address'], 'in-details': ['Enter at most 10 characters'] } }),
    });
    const { user } = renderApp(bootFor('full_name=Ann&email=ann@example.com'));
    await screen.findByRole('textbox', { name: 'Full name' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByRole('textbox', { name: 'Details' })).toHaveAccessibleDescription('Enter at most 10 characters');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID_MESSAGE);
    // The answers stay.
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ann');
  });

  it('shows the server’s text for a 429', async () => {
    stubFetch({
      [formUrl]: () => jsonResponse(200, publicForm()),
      [submitUrl]: () => jsonResponse(429, { detail: 'Too many submissions. Try again in 30 seconds.' }, { 'retry-after': '30' }),
    });
    const { user } = renderApp(bootFor('full_name=Ann'));
    await screen.findByRole('textbox', { name: 'Full name' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many submissions. Try again in 30 seconds.');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('keeps the answers when the network fails and retries with the same submission key', async () => {
    const fetch = stubFetch({
      [formUrl]: () => jsonResponse(200, publicForm()),
      [submitUrl]: [() => Promise.reject(new TypeError('Failed to fetch')), () => jsonResponse(201, { id: 'r2', message: 'Received.' })],
    });
    const { user } = renderApp(bootFor());
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILED_MESSAGE);
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ann');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Received.');
    expect(submitBody(fetch, 0).submission_key).toBe(KEY);
    expect(submitBody(fetch, 1).submission_key).toBe(KEY);
    expect(submitBody(fetch, 1).data).toEqual({ 'in-name': 'Ann' });
  });

  it('hides inputs by the form’s conditional logic and leaves them out of the submission', async () => {
    const logic: ConditionalLogic = {
      conditionMap: {
        'in-details': {
          id: 'cfg',
          element: { id: 'in-details', type: 'input' },
          conditions: [
            {
              id: 'c1',
              expression: [{ id: 'g1', type: 'group', operator: 'AND', rules: [{ id: 'r1', type: 'rule', predicate: 'EQ', triggerId: 'in-urgent', staticValue: 'opt-yes', referenceValueId: null }] }],
              actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }],
            },
          ],
        },
      },
      pageMap: {},
    };
    const fetch = stubFetch({ [formUrl]: () => jsonResponse(200, publicForm({ jsonConditionalLogic: logic })), [submitUrl]: () => jsonResponse(201, { id: 'r', message: 'ok' }) });
    const { user } = renderApp(bootFor('full_name=Ann&details=hidden%20text'));
    await screen.findByRole('textbox', { name: 'Full name' });
    expect(screen.queryByRole('textbox', { name: 'Details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByRole('textbox', { name: 'Details' })).toHaveValue('hidden text');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('ok');
    expect(submitBody(fetch).data).toEqual({ 'in-name': 'Ann', 'in-urgent': 'opt-no' });
  });
});

describe('mounting inside an embed', () => {
  it('reports its height and the submitted response to the parent origin', async () => {
    stubFetch({ [formUrl]: () => jsonResponse(200, publicForm()), [submitUrl]: () => jsonResponse(201, { id: 'resp-1', message: 'ok' }) });
    let resize: ResizeObserverCallback = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          resize = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const container = document.createElement('div');
    document.body.append(container);
    let height = 50;
    container.getBoundingClientRect = () => ({ height }) as DOMRect;
    const parent = { postMessage: vi.fn() };
    const boot = bootFor('full_name=Ann', { embedded: true, parentOrigin: 'https://firm.example' });
    let unmount = () => {};
    act(() => {
      unmount = mountRespondent(container, boot, { parent } as unknown as Window);
    });
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'formbuilder:resize', formId: FORM_ID, height: 50 }, 'https://firm.example');
    const button = await within(container).findByRole('button', { name: 'Send' });
    // Posted by an effect after the form painted, which a loaded machine may run a moment after the button appears.
    await waitFor(() => expect(parent.postMessage).toHaveBeenCalledWith({ type: 'formbuilder:title', formId: FORM_ID, title: publicForm().name }, 'https://firm.example'));
    height = 612;
    act(() => resize([], {} as ResizeObserver));
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'formbuilder:resize', formId: FORM_ID, height: 612 }, 'https://firm.example');
    await userEvent.setup().click(button);
    await within(container).findByText('ok');
    expect(parent.postMessage).toHaveBeenLastCalledWith({ type: 'formbuilder:submitted', formId: FORM_ID, responseId: 'resp-1' }, 'https://firm.example');
    act(() => unmount());
    container.remove();
  });
});

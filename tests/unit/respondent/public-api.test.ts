import { describe, expect, it, vi } from 'vitest';
import { formIdFromPath, FormUnavailableError, LoadFailedError, loadPrefillData, loadPublicForm, loadRespondentData, toPublicForm } from '../../../src/respondent/public-api';
import { FORM_ID, jsonResponse, PREFILL_ID, publicForm } from './fixtures';

const asFetch = (fn: ReturnType<typeof vi.fn>) => fn as unknown as typeof fetch;
const fast = { retryDelayMs: 0 };

describe('formIdFromPath', () => {
  it('reads /f/{formId}', () => {
    expect(formIdFromPath(`/f/${FORM_ID}`)).toBe(FORM_ID);
    expect(formIdFromPath(`/f/${FORM_ID}/`)).toBe(FORM_ID);
    expect(formIdFromPath('/f/')).toBeNull();
    expect(formIdFromPath(`/x/${FORM_ID}`)).toBeNull();
    expect(formIdFromPath('/f/%E0%A4%A')).toBeNull();
  });
});

describe('loading the public form', () => {
  it('fetches it by id', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(200, publicForm(), { 'x-form-start-token': 'lq3x1c00.sig' }));
    await expect(loadPublicForm(FORM_ID, { fetch: asFetch(fetch) })).resolves.toEqual({ form: publicForm(), startToken: 'lq3x1c00.sig' });
    expect(fetch.mock.calls[0][0]).toBe(`/api/public/forms/${FORM_ID}/`);
  });

  it('is unavailable on 404, without retrying', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(404, { detail: 'This form is not available.' }));
    await expect(loadPublicForm(FORM_ID, { fetch: asFetch(fetch), ...fast })).rejects.toBeInstanceOf(FormUnavailableError);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('retries a network failure once, then fails with a retryable error', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(loadPublicForm(FORM_ID, { fetch: asFetch(fetch), ...fast })).rejects.toBeInstanceOf(LoadFailedError);
    expect(fetch).toHaveBeenCalledTimes(2);
    const recovering = vi.fn().mockResolvedValueOnce(jsonResponse(502, null)).mockResolvedValueOnce(jsonResponse(200, publicForm()));
    await expect(loadPublicForm(FORM_ID, { fetch: asFetch(recovering), ...fast })).resolves.toMatchObject({ form: { name: 'Client intake' }, startToken: null });
  });

  it('retries only the statuses of the shared retry policy, honouring a short Retry-After', async () => {
    const notImplemented = vi.fn().mockResolvedValue(jsonResponse(501, null));
    await expect(loadPublicForm(FORM_ID, { fetch: asFetch(notImplemented), ...fast })).rejects.toBeInstanceOf(LoadFailedError);
    expect(notImplemented).toHaveBeenCalledOnce();

    const limited = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(429, { detail: 'Slow down' }, { 'Retry-After': '0' }))
      .mockResolvedValueOnce(jsonResponse(200, publicForm()));
    await expect(loadPublicForm(FORM_ID, { fetch: asFetch(limited) })).resolves.toMatchObject({ form: { name: 'Client intake' } });
    expect(limited).toHaveBeenCalledTimes(2);
  });

  it('fails at once when the server asks for a longer pause than the page should wait', async () => {
    const busy = vi.fn().mockResolvedValue(jsonResponse(503, null, { 'Retry-After': '120' }));
    await expect(loadPublicForm(FORM_ID, { fetch: asFetch(busy), ...fast })).rejects.toBeInstanceOf(LoadFailedError);
    expect(busy).toHaveBeenCalledOnce();
  });

  it('fills in missing logic and style', () => {
    const form = toPublicForm({ id: FORM_ID, name: 'N', jsonForm: [] });
    expect(form.jsonConditionalLogic).toEqual({ conditionMap: {}, pageMap: {} });
    expect(form.jsonFormStyle).toEqual({ button: {} });
    expect(() => toPublicForm({ id: FORM_ID, jsonForm: 'nope' })).toThrow(FormUnavailableError);
  });
});

describe('loading a prefill', () => {
  it('returns its data, or null when the link is no longer valid', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(200, { id: PREFILL_ID, data: { 'in-name': 'Jane' } }));
    await expect(loadPrefillData(FORM_ID, PREFILL_ID, { fetch: asFetch(fetch) })).resolves.toEqual({ 'in-name': 'Jane' });
    expect(fetch.mock.calls[0][0]).toBe(`/api/public/forms/${FORM_ID}/prefills/${PREFILL_ID}/`);
    const gone = vi.fn().mockResolvedValue(jsonResponse(404, { detail: 'This prefill link is no longer valid.' }));
    await expect(loadPrefillData(FORM_ID, PREFILL_ID, { fetch: asFetch(gone) })).resolves.toBeNull();
  });

  it('loads the form and the prefill at the same time', async () => {
    const pending: string[] = [];
    const fetch = vi.fn((url: string) => {
      pending.push(url);
      return Promise.resolve(url.includes('prefills') ? jsonResponse(200, { id: PREFILL_ID, data: { a: 1 } }) : jsonResponse(200, publicForm()));
    });
    const loading = loadRespondentData(FORM_ID, PREFILL_ID, { fetch: asFetch(fetch) });
    expect(pending).toHaveLength(2);
    await expect(loading).resolves.toEqual({ form: publicForm(), startToken: null, prefillData: { a: 1 } });
    await expect(loadRespondentData(null, null)).rejects.toBeInstanceOf(FormUnavailableError);
  });
});

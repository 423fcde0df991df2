import { describe, expect, it, vi } from 'vitest';
import { SubmitError } from '../../../src/components/form-renderer/submit-error';
import { newSubmissionKey } from '../../../src/respondent/submission-key';
import { createSubmitter, fieldErrorsFrom, INVALID_MESSAGE, NETWORK_FAILED_MESSAGE, SUBMIT_URL } from '../../../src/respondent/submission';
import { FORM_ID, jsonResponse, PREFILL_ID } from './fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const inputIds = new Set(['in-name', 'in-email']);

function submitterWith(fetch: ReturnType<typeof vi.fn>, prefillId: string | null = null) {
  return createSubmitter({ formId: FORM_ID, prefillId, startToken: 'lq3x1c00.c2lnbmVk', inputIds, fetch: fetch as unknown as typeof globalThis.fetch });
}

const bodyOf = (fetch: ReturnType<typeof vi.fn>, call = 0) => JSON.parse(fetch.mock.calls[call][1].body as string);

async function rejection(promise: Promise<unknown>): Promise<SubmitError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SubmitError);
  return error as SubmitError;
}

describe('submission key', () => {
  it('is a version 4 UUID, from randomUUID or, without it, from getRandomValues', () => {
    expect(newSubmissionKey()).toMatch(UUID);
    const getRandomValues = vi.fn((bytes: Uint8Array) => bytes.fill(0xff));
    const key = newSubmissionKey({ getRandomValues } as unknown as Crypto);
    expect(key).toMatch(UUID);
    expect(getRandomValues).toHaveBeenCalledOnce();
    expect(newSubmissionKey(undefined)).toMatch(UUID);
  });
});

describe('submitting a response', () => {
  it('posts form_id, data, prefill_id, submission_key, hp and start_token as JSON', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(201, { id: 'r1', message: 'Thanks!' }));
    const submitter = submitterWith(fetch, PREFILL_ID);
    await expect(submitter.submit({ 'in-name': 'Ann' }, '')).resolves.toEqual({ id: 'r1', message: 'Thanks!' });
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(SUBMIT_URL);
    expect(init.method).toBe('POST');
    expect(init.headers['content-type']).toBe('application/json');
    expect(bodyOf(fetch)).toEqual({
      form_id: FORM_ID,
      data: { 'in-name': 'Ann' },
      prefill_id: PREFILL_ID,
      submission_key: submitter.submissionKey,
      hp: '',
      start_token: 'lq3x1c00.c2lnbmVk',
    });
    expect(submitter.submissionKey).toMatch(UUID);
  });

  it('sends the honeypot’s value and leaves prefill_id out without a prefill', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(201, { id: 'r1', message: '' }));
    await submitterWith(fetch).submit({}, 'http://spam.example');
    const body = bodyOf(fetch);
    expect(body.hp).toBe('http://spam.example');
    expect(body).not.toHaveProperty('prefill_id');
  });

  it('keeps the same submission key across retries after failures', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(503, { detail: 'down' }))
      .mockResolvedValueOnce(jsonResponse(201, { id: 'r9', message: 'ok' }));
    const submitter = submitterWith(fetch);
    expect((await rejection(submitter.submit({ 'in-name': 'A' }, ''))).message).toBe(NETWORK_FAILED_MESSAGE);
    expect((await rejection(submitter.submit({ 'in-name': 'A' }, ''))).message).toBe(NETWORK_FAILED_MESSAGE);
    await expect(submitter.submit({ 'in-name': 'A' }, '')).resolves.toEqual({ id: 'r9', message: 'ok' });
    const keys = fetch.mock.calls.map((_, i) => bodyOf(fetch, i).submission_key);
    expect(new Set(keys).size).toBe(1);
    expect(new Set(fetch.mock.calls.map((_, i) => bodyOf(fetch, i).start_token))).toEqual(new Set(['lq3x1c00.c2lnbmVk']));
  });

  it('sends once when submit is called twice at once (double click), and not again after success', async () => {
    let resolve!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    const submitter = submitterWith(fetch);
    const first = submitter.submit({ 'in-name': 'A' }, '');
    const second = submitter.submit({ 'in-name': 'A' }, '');
    resolve(jsonResponse(201, { id: 'r1', message: 'ok' }));
    await expect(first).resolves.toEqual({ id: 'r1', message: 'ok' });
    await expect(second).resolves.toEqual({ id: 'r1', message: 'ok' });
    await expect(submitter.submit({ 'in-name': 'A' }, '')).resolves.toEqual({ id: 'r1', message: 'ok' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('maps a 400’s errors onto the inputs', async () => {
    const fetch = vi.fn().mockResolvedValue(
      jsonResponse(400, {
        detail: 'Invalid answer for "Full name": This field is required',
        errors: { 'in-name': ['This field is required'], 'data.in-email': ['Enter a valid email address'], submission_key: ['must be a UUID'] },
      }),
    );
    const error = await rejection(submitterWith(fetch).submit({}, ''));
    expect(error.message).toBe(INVALID_MESSAGE);
    expect(error.fieldErrors).toEqual({ 'in-name': ['This field is required'], 'in-email': ['Enter a valid email address'] });
  });

  it('shows the server’s detail for a 400 without field errors', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(400, { detail: 'Invalid submission: submission_key: Too small', errors: { submission_key: ['Too small'] } }));
    const error = await rejection(submitterWith(fetch).submit({}, ''));
    expect(error.message).toBe('Invalid submission: submission_key: Too small');
    expect(error.fieldErrors).toEqual({});
  });

  it('shows the server’s detail for a 429', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(429, { detail: 'Too many submissions. Try again in 42 seconds.' }, { 'retry-after': '42' }));
    expect((await rejection(submitterWith(fetch).submit({}, ''))).message).toBe('Too many submissions. Try again in 42 seconds.');
  });

  it('says the form is not available for a 404', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(404, { detail: 'This form is not available.' }));
    expect((await rejection(submitterWith(fetch).submit({}, ''))).message).toBe('This form is not available.');
  });
});

describe('fieldErrorsFrom', () => {
  it('keeps only messages of known inputs', () => {
    expect(fieldErrorsFrom({ 'in-name': 'one message', other: ['x'], 'in-email': [1, 'ok'] }, inputIds)).toEqual({ 'in-name': ['one message'], 'in-email': ['ok'] });
    expect(fieldErrorsFrom(null, inputIds)).toEqual({});
  });
});

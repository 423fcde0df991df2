'use strict';

const { apiUrl } = require('../api');

const HOOK_EVENT = 'response.created';
const SAMPLE_COUNT = 3;

const formPath = (bundle, rest) => `forms/${encodeURIComponent(bundle.inputData.form_id)}/${rest}`;

const subscribe = async (z, bundle) => {
  const response = await z.request({
    url: apiUrl('hooks/'),
    method: 'POST',
    body: { target_url: bundle.targetUrl, event: HOOK_EVENT, form_id: bundle.inputData.form_id },
  });
  // {id, secret}: Zapier keeps it as bundle.subscribeData for the unsubscribe.
  return response.data;
};

const unsubscribe = async (z, bundle) => {
  const response = await z.request({
    url: apiUrl(`hooks/${encodeURIComponent(bundle.subscribeData.id)}/`),
    method: 'DELETE',
    skipThrowForStatus: true,
  });
  // 404: the hook is already gone (Form Builder removed it after Zapier answered 410, or a retry of this call), which
  // is what turning the Zap off wants; failing here would leave the user unable to turn it off.
  if (response.status === 404) return {};
  response.throwForStatus();
  return {};
};

/*
 * The payload is what Form Builder POSTed to the Zap's hook URL. Its Standard Webhooks signature is not checked here:
 * that URL is itself the credential (unguessable, HTTPS, given only to Form Builder), Zapier's hook receiver has
 * already accepted the request before this runs and does not promise us the exact body bytes and headers a check
 * needs, and a failed check would silently drop a firm's lead. The signature is for receivers that verify.
 */
const perform = async (z, bundle) => [bundle.cleanedRequest];

const performList = async (z, bundle) =>
  (await z.request({ url: apiUrl(formPath(bundle, 'responses/')), params: { limit: SAMPLE_COUNT } })).data;

/** The chosen form's inputs, under `answers` (Zapier flattens nested keys with `__`), labelled as in the builder. */
const answerFields = async (z, bundle) => {
  if (!bundle.inputData.form_id) return [];
  const fields = (await z.request({ url: apiUrl(formPath(bundle, 'fields/')) })).data;
  return fields.map((field) => ({
    key: `answers__${field.key}`,
    label: field.label,
    type: field.type,
    ...(field.list ? { list: true } : {}),
  }));
};

module.exports = {
  key: 'new_response',
  noun: 'Response',
  display: {
    label: 'New Response',
    description: 'Triggers instantly when someone submits a response to a form (responses marked as spam are left out).',
  },
  operation: {
    type: 'hook',
    inputFields: [
      {
        key: 'form_id',
        label: 'Form',
        required: true,
        dynamic: 'forms.id.name',
        helpText: 'The form whose new responses start this Zap. Archived forms are not listed.',
      },
    ],
    performSubscribe: subscribe,
    performUnsubscribe: unsubscribe,
    perform,
    performList,
    outputFields: [
      { key: 'id', label: 'Event ID' },
      { key: 'responseId', label: 'Response ID' },
      { key: 'formId', label: 'Form ID' },
      { key: 'formName', label: 'Form Name' },
      { key: 'submittedAt', label: 'Submitted At', type: 'datetime' },
      { key: 'timestamp', label: 'Event Time', type: 'datetime' },
      { key: 'type', label: 'Event Type' },
      answerFields,
    ],
    sample: {
      id: '5f0c8a1e-2b7d-4c39-9e61-0d4a7b3c8f12',
      type: HOOK_EVENT,
      timestamp: '2026-03-02T15:04:05.000Z',
      formId: '0b6f3c2e-58a5-4a8e-9a57-3f7d1c9b2e41',
      formName: 'Personal injury intake',
      responseId: '9d2e7f40-6a1b-4c85-b3e9-27f5c0a1d864',
      submittedAt: '2026-03-02T15:04:04.312Z',
      answers: {
        full_name: 'Jane Doe',
        email_address: 'jane.doe@example.com',
        practice_area: 'Personal injury',
        incident_types: ['Car accident', 'Injury at work'],
      },
    },
  },
};

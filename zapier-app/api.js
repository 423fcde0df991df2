'use strict';

/**
 * Where the app finds Form Builder, and how every request carries the key and reports failures.
 *
 * The address is the deployment's PUBLIC_URL, set with `zapier env:set <version> FORMBUILDER_API_URL=https://…` and
 * read at request time (Zapier puts an app version's environment into process.env before it runs a step). There is
 * no default: each deployment has its own address, and sending a firm's API key to a host nobody chose would leak it.
 */
const API_URL_VARIABLE = 'FORMBUILDER_API_URL';

const apiUrl = (path) => {
  const configured = (process.env[API_URL_VARIABLE] || '').trim();
  let base;
  try {
    base = new URL(configured);
  } catch {
    base = null;
  }
  if (!base || (base.protocol !== 'https:' && base.protocol !== 'http:')) {
    throw new Error(
      `${API_URL_VARIABLE} is not set to Form Builder's address (such as https://forms.example.com): ` +
        `the app's publisher sets it with \`zapier env:set <version> ${API_URL_VARIABLE}=https://…\`.`,
    );
  }
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}/api/zapier/${path}`;
};

const includeApiKey = (request, z, bundle) => {
  if (bundle.authData && bundle.authData.apiKey) {
    request.headers = { ...request.headers, 'X-API-Key': String(bundle.authData.apiKey).trim() };
  }
  request.headers = { Accept: 'application/json', ...request.headers };
  return request;
};

const INVALID_KEY_MESSAGE =
  'Your API key is not valid: generate a new one in Form Builder (open a form, then Integrations → Zapier → ' +
  'Generate API key) and reconnect your Form Builder account in Zapier.';

/**
 * Turns our `{detail}` answers into messages a Zap user can act on. 429 never gets here: the platform's own throttling
 * middleware runs first and retries the step after Retry-After.
 */
const handleErrors = (response, z) => {
  if (response.skipThrowForStatus || response.status < 400) return response;
  if (response.status === 401) throw new z.errors.Error(INVALID_KEY_MESSAGE, 'AuthenticationError', 401);
  if (response.status < 500) {
    let detail;
    try {
      detail = JSON.parse(response.content).detail;
    } catch {
      detail = undefined;
    }
    throw new z.errors.Error(
      typeof detail === 'string' && detail ? `Form Builder refused the request: ${detail}` : `Form Builder answered ${response.status}.`,
      'ApiError',
      response.status,
    );
  }
  return response;
};

module.exports = { apiUrl, handleErrors, includeApiKey };

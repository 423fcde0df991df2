'use strict';

const { apiUrl } = require('./api');

/** Custom auth: the account's API key (an account token) in `X-API-Key`; `me/` both checks it and names the account. */
module.exports = {
  type: 'custom',
  fields: [
    {
      key: 'apiKey',
      label: 'API Key',
      type: 'password',
      required: true,
      helpText:
        'In Form Builder, open a form and go to **Integrations → Zapier**, then click **Generate API key** and paste ' +
        'the key here. It is shown only once; generating a new key stops the old one.',
    },
  ],
  test: async (z) => {
    const response = await z.request({ url: apiUrl('me/') });
    return response.data;
  },
  // Zapier passes the test's result as inputData: the label is the firm's account name, never the key.
  connectionLabel: (z, bundle) => (bundle.inputData.account && bundle.inputData.account.internalName) || 'Form Builder',
};

'use strict';

const { apiUrl } = require('../api');

/** Hidden: feeds the Form dropdown of New Response with the account's active forms. */
module.exports = {
  key: 'forms',
  noun: 'Form',
  display: {
    label: 'List Forms',
    description: 'Lists the active forms of your Form Builder account (for the Form dropdown).',
    hidden: true,
  },
  operation: {
    perform: async (z) => (await z.request({ url: apiUrl('forms/') })).data,
    sample: { id: '0b6f3c2e-58a5-4a8e-9a57-3f7d1c9b2e41', name: 'Personal injury intake' },
    outputFields: [
      { key: 'id', label: 'Form ID' },
      { key: 'name', label: 'Form Name' },
    ],
  },
};

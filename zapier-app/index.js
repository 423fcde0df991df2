'use strict';

const { version } = require('./package.json');
const authentication = require('./authentication');
const { handleErrors, includeApiKey } = require('./api');
const forms = require('./triggers/forms');
const newResponse = require('./triggers/new-response');

module.exports = {
  version,
  // zapier-platform-core's package.json is not an exported path: the pinned dependency's version, written out.
  platformVersion: '19.1.0',
  // Every request goes through z.request, which the platform logs itself. The patch would also wrap the global fetch
  // and http of the process running the app: in our tests, the server's delivery engine.
  flags: { skipHttpPatch: true },
  authentication,
  beforeRequest: [includeApiKey],
  afterResponse: [handleErrors],
  triggers: {
    [forms.key]: forms,
    [newResponse.key]: newResponse,
  },
};

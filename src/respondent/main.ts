/**
 * The respondent page's first script (/f/{formId}), loaded async. It is tiny on purpose: it starts loading the form
 * (and its prefill) at once, while the React app — a separate chunk the HTML already preloads — is still downloading,
 * so on a slow phone network the two round trips overlap instead of queueing (BENCHMARKS.md "time to usable form").
 */
import '../components/form-renderer/form-renderer.css';
import './respondent.css';
import { readEmbedSettings } from './embed-bridge';
import { formIdFromPath, loadRespondentData } from './public-api';
import type { RespondentBoot } from './respondent-boot';
import { newSubmissionKey } from './submission-key';

const params = new URLSearchParams(location.search);
const formId = formIdFromPath(location.pathname);
const prefillId = params.get('prefill')?.trim() || null;
const embed = readEmbedSettings(params);
document.documentElement.classList.add(embed.embedded ? 'rs-embedded' : 'rs-standalone');

const load = () => loadRespondentData(formId, prefillId);
const firstLoad = load();
// The app handles it once mounted; this only keeps an early failure from being reported as unhandled.
firstLoad.catch(() => {});

const boot: RespondentBoot = {
  formId,
  prefillId,
  params,
  embed,
  // Once per page load: a double click, a retry or a resend after success stores one response.
  submissionKey: newSubmissionKey(),
  firstLoad,
  load,
};

// The script is async (it need not wait for the stylesheet), so the page may still be parsing when it runs.
const parsed = new Promise<HTMLElement>((resolve) => {
  const root = () => resolve(document.getElementById('root') as HTMLElement);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', root);
  else root();
});
Promise.all([import('./respondent-app'), parsed]).then(
  ([{ mountRespondent }, root]) => mountRespondent(root, boot),
  () =>
    parsed.then((root) => {
      root.textContent = 'The form could not be loaded. Check your connection and reload the page.';
    }),
);

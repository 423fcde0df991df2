import type { EmbedSettings } from './embed-bridge';
import type { RespondentData } from './public-api';

/** What the first script hands the app: the page's parameters and the load already under way. */
export interface RespondentBoot {
  formId: string | null;
  prefillId: string | null;
  params: URLSearchParams;
  embed: EmbedSettings;
  submissionKey: string;
  firstLoad: Promise<RespondentData>;
  /** Loads again (the retry button). */
  load: () => Promise<RespondentData>;
}

import { z } from 'zod';

/** Zod pieces that more than one route validates with. */

export const uuid = z.uuid({ error: 'must be a UUID' });

/** One answer, as the respondent page submits it and a prefill stores it; null clears it. */
export const answerValue = z.union([z.string().max(100_000), z.number().finite(), z.array(z.string().max(200)).max(500), z.null()], {
  error: 'must be text, a number, or a list of option ids',
});

/** Answers by input id. */
export const answersByInputId = z.record(z.string().max(100), answerValue);

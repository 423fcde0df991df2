import type { Config } from '../../config.js';
import { CLIO_REGION_VALUES } from '../../../src/contract/clio.js';

/** Clio's regions and their hosts (Clio's developer docs, "Regions"): a firm's data lives in exactly one. */
export type ClioRegion = (typeof CLIO_REGION_VALUES)[number];

const DEFAULT_BASE_URL = 'https://app.clio.com';
const REGION_HOSTS: Record<ClioRegion, string> = {
  us: DEFAULT_BASE_URL,
  eu: 'https://eu.app.clio.com',
  ca: 'https://ca.app.clio.com',
  au: 'https://au.app.clio.com',
};

/** The API version every request pins (`X-API-VERSION`): answers keep the shape this adapter reads. */
export const CLIO_API_VERSION = '4.0.9';

export interface ClioSettings {
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** CLIO_BASE_URL when set (tests, a proxy): then every region uses it. */
  baseUrlOverride: string | undefined;
}

export function clioSettingsFrom(config: Pick<Config, 'CLIO_CLIENT_ID' | 'CLIO_CLIENT_SECRET' | 'CLIO_BASE_URL'>): ClioSettings {
  const override = config.CLIO_BASE_URL?.replace(/\/+$/, '');
  return {
    clientId: config.CLIO_CLIENT_ID,
    clientSecret: config.CLIO_CLIENT_SECRET,
    baseUrlOverride: override && override !== DEFAULT_BASE_URL ? override : undefined,
  };
}

export function isClioRegion(value: unknown): value is ClioRegion {
  return typeof value === 'string' && (CLIO_REGION_VALUES as readonly string[]).includes(value);
}

/** Where a connection of this region talks to: built from the fixed table only, never from user input. */
export function clioBaseUrl(settings: ClioSettings, region: ClioRegion): string {
  return settings.baseUrlOverride ?? REGION_HOSTS[region];
}

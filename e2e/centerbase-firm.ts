/** The firm the Centerbase journey connects to, seeded on the Centerbase stand-in that playwright.config.ts starts. */
export const E2E_CENTERBASE = { subdomain: 'whitfield-park', apiKey: 'e2e-centerbase-key', companyName: 'Whitfield & Park LLP' } as const;

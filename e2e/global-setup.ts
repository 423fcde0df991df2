import { manage } from './manage';

/** Accounts and an ordinary user for the journeys, made with the management CLI. */
export default async function globalSetup(): Promise<void> {
  const acmeId = manage('create-account', '--name', 'Acme Law');
  manage('create-user', '--email', 'lawyer@acme.test', '--password', 'lawyer-password-1', '--account', acmeId, '--first-name', 'Lena', '--last-name', 'Lawyer');
  process.env.E2E_ACME_ID = acmeId;
  process.env.E2E_USER_EMAIL = 'lawyer@acme.test';
  process.env.E2E_USER_PASSWORD = 'lawyer-password-1';
}

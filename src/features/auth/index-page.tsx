import { useLoaderData } from 'react-router';
import { ErrorPage } from '../../app/layouts/error-page';

/** What '/' shows when its loader does not redirect. */
export type IndexLoaderData = { noAccount: true } | null;

/**
 * '/' (empty layout): its route loader sends admins to the account list, users to their account and everyone else
 * to /login; what is left to show is a signed-in user without an account.
 */
export function IndexPage() {
  const data = useLoaderData<IndexLoaderData>();
  if (data?.noAccount) return <ErrorPage error={{ statusCode: 404, message: 'Account Not Found' }} />;
  return null;
}

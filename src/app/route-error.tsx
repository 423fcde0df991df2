import { useEffect, useState } from 'react';
import { createPath, useLocation, useRouteError } from 'react-router';
import { ErrorPage } from './layouts/error-page';
import { canReload, isChunkLoadError, isReloading, reloadWithGuard } from './build-check';
import { PageSpinner } from './layouts/page-spinner';

/**
 * The router's error element: a page chunk that failed to load (a deploy removed it) reloads the page, unless
 * that already happened in the last 10 s (spec §8, §9); anything else is shown as the 'Unknown Error' page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const target = createPath(location);
  const chunkGone = isChunkLoadError(error);
  const [reloading] = useState(() => chunkGone && (isReloading() || canReload()));

  useEffect(() => {
    if (reloading) {
      if (!isReloading()) reloadWithGuard(target);
    } else {
      console.error('Unexpected application error', error);
    }
  }, [reloading, error, target]);

  if (reloading) return <PageSpinner label="Loading the latest version…" fullPage />;
  return <ErrorPage error={{ statusCode: 500, message: error instanceof Error ? error.message : 'Unknown error' }} />;
}

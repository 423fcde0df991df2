import { Outlet } from 'react-router';

/** Bare layout (spec §2): the index route only decides where to go. */
export function EmptyLayout() {
  return <Outlet />;
}

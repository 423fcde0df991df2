import { useMatches } from 'react-router';
import type { FormPermission } from '../domain/form-permissions';
import type { RouteLayout } from '../domain/route-guard';

/** What every route of the table carries (spec §2): its name (null: unmatched), layout and form permission. */
export interface RouteHandle {
  name: string | null;
  layout: RouteLayout;
  permission?: FormPermission;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return value !== null && typeof value === 'object' && 'layout' in value && 'name' in value;
}

const UNNAMED: RouteHandle = { name: null, layout: 'default' };

/** The handle of the deepest matched route. */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const { handle } = matches[index];
    if (isRouteHandle(handle)) return handle;
  }
  return UNNAMED;
}

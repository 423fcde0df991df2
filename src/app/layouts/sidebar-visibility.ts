/**
 * Spec §2: the sidebar is hidden on routes containing /build, except while the route has no name yet
 * (the router has not resolved it, so we keep the frame steady instead of flashing it away).
 */
export function isSidebarHidden(pathname: string, routeName: string | null): boolean {
  if (!routeName) return false;
  return pathname.includes('/build');
}

/**
 * Spec §2: a link is active when the current path contains its path. The match is segment-aware so that
 * `/12` does not light up on `/123`.
 */
export function pathContains(currentPath: string, linkPath: string): boolean {
  if (linkPath === '' || linkPath === '/') return currentPath === '/';
  let from = 0;
  for (;;) {
    const at = currentPath.indexOf(linkPath, from);
    if (at === -1) return false;
    const next = currentPath.charAt(at + linkPath.length);
    if (next === '' || next === '/' || next === '?' || next === '#') return true;
    from = at + 1;
  }
}

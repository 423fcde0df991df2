import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { selectSidebarOpen, sidebarToggled } from '../app-slice';
import { selectCurrentAccount } from '../account-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectIsAdmin } from '../user-slice';
import {
  AdminIcon,
  ChevronDownIcon,
  CollapseIcon,
  ExpandIcon,
  FormsIcon,
  LogoutIcon,
  ResponsesIcon,
  SettingsIcon,
} from '../../components/icons';
import { pathContains } from './sidebar-visibility';
import { useNarrowScreen } from '../../components/use-narrow-screen';
import '../../components/components.css';

interface LeafLinkProps {
  to: string;
  label: string;
  icon?: ReactNode;
  active: boolean;
  /** true for exact matches (aria-current="page"); a section match only highlights. */
  current?: boolean;
  collapsed: boolean;
  onNavigate?: () => void;
}

function SidebarLink({ to, label, icon, active, current = active, collapsed, onNavigate }: LeafLinkProps) {
  return (
    <Link
      to={to}
      className={`sidebar-link${active ? ' active' : ''}`}
      aria-current={current ? 'page' : undefined}
      title={collapsed && icon ? label : undefined}
      onClick={onNavigate}
    >
      {icon}
      {/* Icon-less links live in the dropdown, which stays labelled even when the rail is collapsed. */}
      <span className={icon ? 'sidebar-label' : undefined}>{label}</span>
    </Link>
  );
}

/**
 * Main navigation (spec §2). Reads everything it needs from the store and the location, so layouts
 * render it without props.
 */
export function Sidebar() {
  const dispatch = useAppDispatch();
  const sidebarOpen = useAppSelector(selectSidebarOpen);
  const isAdmin = useAppSelector(selectIsAdmin);
  const account = useAppSelector(selectCurrentAccount);
  const location = useLocation();
  const narrow = useNarrowScreen();
  const collapsed = !sidebarOpen || narrow;

  const [formsOpen, setFormsOpen] = useState(false);
  // The dropdown closes whenever the sidebar is toggled, wherever the toggle came from.
  const [seenOpen, setSeenOpen] = useState(sidebarOpen);
  if (seenOpen !== sidebarOpen) {
    setSeenOpen(sidebarOpen);
    setFormsOpen(false);
  }

  const formsItemRef = useRef<HTMLLIElement>(null);
  const formsToggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  // Where the collapsed rail's flyout goes: beside the rail, level with the Forms button (measured on opening).
  const [flyoutAt, setFlyoutAt] = useState<{ top: number; left: number } | null>(null);

  const toggleForms = () => {
    const toggle = formsToggleRef.current?.getBoundingClientRect();
    const rail = navRef.current?.getBoundingClientRect();
    if (toggle && rail) setFlyoutAt({ top: toggle.top, left: rail.right + 4 });
    setFormsOpen((open) => !open);
  };
  const menuId = useId();
  const formsMenuId = useId();

  // Collapsed, the children fly out over the page: a click or focus anywhere else dismisses them.
  useEffect(() => {
    if (!collapsed || !formsOpen) return;
    const dismissIfOutside = (event: Event) => {
      const item = formsItemRef.current;
      if (item && event.target instanceof Node && !item.contains(event.target)) setFormsOpen(false);
    };
    document.addEventListener('mousedown', dismissIfOutside);
    document.addEventListener('touchstart', dismissIfOutside);
    document.addEventListener('focusin', dismissIfOutside);
    return () => {
      document.removeEventListener('mousedown', dismissIfOutside);
      document.removeEventListener('touchstart', dismissIfOutside);
      document.removeEventListener('focusin', dismissIfOutside);
    };
  }, [collapsed, formsOpen]);

  const onFormsKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape' && formsOpen) {
      event.stopPropagation();
      setFormsOpen(false);
      formsToggleRef.current?.focus();
    }
  };

  const closeFlyout = () => {
    if (collapsed) setFormsOpen(false);
  };

  const accountId = account?.id ?? null;
  const accountPath = accountId === null ? null : `/${accountId}`;
  const pathname = location.pathname.replace(/(.)\/+$/, '$1');
  const archived = new URLSearchParams(location.search).get('archived') === 'true';
  const formsActive = accountPath !== null && pathContains(location.pathname, accountPath);
  const onFormList = accountPath !== null && pathname === accountPath;

  const logo = (
    <img
      src={collapsed ? '/logo-small.svg' : '/logo.svg'}
      alt="Form Builder"
      height={32}
      className="d-block"
    />
  );

  return (
    <nav
      ref={navRef}
      aria-label="Main"
      // The flyout stays where it was opened: when the rail itself scrolls, close it rather than leave it adrift.
      onScroll={closeFlyout}
      className={`app-sidebar d-flex flex-column flex-shrink-0 bg-body-tertiary border-end p-2${collapsed ? ' is-collapsed' : ''}`}
    >
      <div className={`d-flex align-items-center gap-2 mb-2 ${collapsed ? 'flex-column' : 'justify-content-between'}`}>
        {accountPath === null ? (
          <a href="#" className="sidebar-logo d-inline-block p-1 rounded" onClick={(event) => event.preventDefault()}>
            {logo}
          </a>
        ) : (
          <Link to={accountPath} className="sidebar-logo d-inline-block p-1 rounded">
            {logo}
          </Link>
        )}
        {!narrow && (
          <button
            type="button"
            className="sidebar-toggle btn btn-sm btn-link link-secondary p-1"
            aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={sidebarOpen}
            aria-controls={menuId}
            title={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
            onClick={() => dispatch(sidebarToggled())}
          >
            {sidebarOpen ? <CollapseIcon /> : <ExpandIcon />}
          </button>
        )}
      </div>

      {account && (
        <div className="sidebar-account small text-body-secondary text-truncate px-2 mb-2" title={account.internalName}>
          {account.internalName}
        </div>
      )}

      <ul id={menuId} className="nav flex-column gap-1 flex-grow-1 list-unstyled mb-0">
        {accountPath !== null && (
          <li className="position-relative" ref={formsItemRef} onKeyDown={onFormsKeyDown}>
            <button
              ref={formsToggleRef}
              type="button"
              className={`sidebar-link${formsActive ? ' active' : ''}`}
              aria-expanded={formsOpen}
              aria-controls={formsMenuId}
              aria-current={formsActive ? 'true' : undefined}
              title={collapsed ? 'Forms' : undefined}
              onClick={toggleForms}
            >
              <FormsIcon />
              <span className="sidebar-label">Forms</span>
              <ChevronDownIcon size={16} className={`sidebar-chevron${formsOpen ? ' is-open' : ''}`} />
            </button>
            {formsOpen && (
              <ul
                id={formsMenuId}
                className="sidebar-submenu list-unstyled mb-0 mt-1"
                aria-label="Forms"
                style={collapsed && flyoutAt ? { top: flyoutAt.top, left: flyoutAt.left } : undefined}
              >
                <li>
                  <SidebarLink
                    to={accountPath}
                    label="All Forms"
                    active={onFormList && !archived}
                    collapsed={collapsed}
                    onNavigate={closeFlyout}
                  />
                </li>
                <li>
                  <SidebarLink
                    to={`${accountPath}?archived=true`}
                    label="Archived Forms"
                    active={onFormList && archived}
                    collapsed={collapsed}
                    onNavigate={closeFlyout}
                  />
                </li>
              </ul>
            )}
          </li>
        )}
        {accountPath !== null && (
          <li>
            <SidebarLink
              to={`${accountPath}/responses`}
              label="Responses"
              icon={<ResponsesIcon />}
              active={pathContains(location.pathname, `${accountPath}/responses`)}
              collapsed={collapsed}
            />
          </li>
        )}
        {accountPath !== null && (
          <li>
            <SidebarLink
              to={`${accountPath}/settings`}
              label="Settings"
              icon={<SettingsIcon />}
              active={pathContains(location.pathname, `${accountPath}/settings`)}
              collapsed={collapsed}
            />
          </li>
        )}
        {isAdmin && (
          <li>
            <SidebarLink
              to="/account-admin"
              label="Admin"
              icon={<AdminIcon />}
              active={pathContains(location.pathname, '/account-admin')}
              collapsed={collapsed}
            />
          </li>
        )}
        <li className="mt-auto">
          <SidebarLink to="/logout" label="Logout" icon={<LogoutIcon />} active={false} collapsed={collapsed} />
        </li>
      </ul>
    </nav>
  );
}

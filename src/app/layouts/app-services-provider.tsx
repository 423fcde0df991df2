import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { AppServicesContext } from '../../components/app-services';
import type { AppServices } from '../../components/app-services';
import { selectAccountId } from '../account-slice';
import { showErrorToast } from '../app-slice';
import { useAppDispatch, useAppSelector } from '../hooks';

/** Gives shared components (src/components) the current account and the error toast from the store. */
export function AppServicesProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const accountId = useAppSelector(selectAccountId);
  const services = useMemo<AppServices>(
    () => ({ accountId, showError: (message) => void dispatch(showErrorToast(message)) }),
    [accountId, dispatch],
  );
  return <AppServicesContext value={services}>{children}</AppServicesContext>;
}

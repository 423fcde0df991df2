/**
 * The "field maps" step of the Clio and Centerbase steppers (spec §2, §4): the integration's record types, each with
 * its field map's enable toggle and the way into the field-map editor.
 */
import { useCallback, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { isHandledByClient } from '../../../api/errors';
import { fieldMapsApi } from '../../../api/field-maps';
import type { FormMapper, IntegrationApi, MappedIntegrationKind } from '../../../api/field-maps';
import { showErrorToast, showSuccessToast } from '../../../app/app-slice';
import { useAppDispatch } from '../../../app/hooks';
import { useErrorToast } from '../../../app/use-error-toast';
import { ConfirmButton } from '../../../components/confirm-button';
import { useBusyIds } from '../../../components/use-busy-ids';
import { fieldDisplayName } from '../../../domain/field-map/rows';
import { loadStatusOf } from '../../../domain/load-status';
import { FIELD_MAP_MESSAGES } from '../../../domain/field-map/messages';
import { FieldMapEditor } from './field-map-editor';
import { FIELD_MAP_SCREEN_MESSAGES, INTEGRATION_LABELS } from './field-map-messages';
import { FieldMapLeaveGuard } from './leave-guard';
import './field-maps.css';

export interface RecordTypeFieldMapsProps {
  accountId: number;
  formId: string;
  kind: MappedIntegrationKind;
}

function ListSkeleton() {
  return (
    <div role="status" aria-busy="true">
      <span className="visually-hidden">Loading record types…</span>
      <div aria-hidden="true" className="d-grid gap-3">
        {[0, 1].map((row) => (
          <Placeholder key={row} as="div" animation="glow" className="card card-body d-grid gap-2">
            <Placeholder xs={3} />
            <Placeholder xs={5} size="sm" />
          </Placeholder>
        ))}
      </div>
    </div>
  );
}

function mappedCount(map: FormMapper | undefined): string {
  if (!map) return 'No field map yet';
  const count = map.conversionRules.length;
  return count === 0 ? 'No fields mapped yet' : `${count} ${count === 1 ? 'field' : 'fields'} mapped`;
}

interface RecordTypeCardProps {
  accountId: number;
  formId: string;
  kind: MappedIntegrationKind;
  api: IntegrationApi;
  map: FormMapper | undefined;
  open: boolean;
  /** Its editor holds changes not saved: closing it asks first. */
  dirty: boolean;
  toggling: boolean;
  onToggleOpen: () => void;
  onDirtyChange: (apiId: string, dirty: boolean) => void;
  onToggleEnabled: (map: FormMapper, enabled: boolean) => void;
}

function RecordTypeCard({ accountId, formId, kind, api, map, open, dirty, toggling, onToggleOpen, onDirtyChange, onToggleEnabled }: RecordTypeCardProps) {
  const id = useId();
  const headingId = `${id}-name`;
  const summaryId = `${id}-summary`;
  const editorId = `${id}-editor`;
  const name = fieldDisplayName(api);
  const reportDirty = useCallback((value: boolean) => onDirtyChange(api.id, value), [onDirtyChange, api.id]);
  const enabled = map?.enabled ?? false;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-body d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <div className="flex-grow-1">
          <h3 id={headingId} className="h5 mb-1">
            {name}
          </h3>
          <p id={summaryId} className="text-body-secondary small mb-0">
            {mappedCount(map)}
          </p>
        </div>
        <Form.Check
          type="switch"
          role="switch"
          id={`${id}-enabled`}
          label={enabled ? 'Enabled' : 'Disabled'}
          checked={enabled}
          // Locked while a switch is under way (spec §4), and until a map exists: the toggle changes a map.
          disabled={!map || toggling}
          aria-describedby={`${headingId} ${summaryId}`}
          onChange={(event) => map && onToggleEnabled(map, event.target.checked)}
        />
        {open && dirty ? (
          <ConfirmButton
            text="Close field map"
            variant="secondary"
            prompt="Close without saving? The changes to this field map will be lost."
            confirmText="Close"
            onConfirm={onToggleOpen}
          />
        ) : (
          <Button variant={open ? 'secondary' : 'outline-primary'} aria-expanded={open} aria-controls={open ? editorId : undefined} onClick={onToggleOpen}>
            {open ? 'Close field map' : 'Edit field map'}
          </Button>
        )}
      </div>
      {open && (
        <div id={editorId} className="card-body border-top">
          <FieldMapEditor
            accountId={accountId}
            formId={formId}
            kind={kind}
            api={api}
            mapId={map?.id ?? null}
            onDirtyChange={reportDirty}
          />
        </div>
      )}
    </section>
  );
}

export function RecordTypeFieldMaps({ accountId, formId, kind }: RecordTypeFieldMapsProps) {
  const dispatch = useAppDispatch();
  const apis = fieldMapsApi.useListIntegrationApisQuery({ accountId, kind });
  const maps = fieldMapsApi.useListFieldMapsQuery({ accountId, formId, kind });
  useErrorToast(apis.error, FIELD_MAP_SCREEN_MESSAGES.apisFailed);
  useErrorToast(maps.error, FIELD_MAP_MESSAGES.integrationDataFailed);
  const [toggleFieldMap] = fieldMapsApi.useToggleFieldMapMutation();
  const [busyIds, markBusy] = useBusyIds();
  // Several editors may be open at once (Contact beside Matter); one guard covers them all.
  const [openIds, markOpen] = useBusyIds();
  const [dirtyIds, setDirtyIds] = useState<ReadonlySet<string>>(() => new Set());
  // Stable, and a no-op when nothing changes: editors report from effects that depend on it.
  const onDirtyChange = useCallback(
    (apiId: string, dirty: boolean) =>
      setDirtyIds((current) => {
        if (current.has(apiId) === dirty) return current;
        const next = new Set(current);
        if (dirty) next.add(apiId);
        else next.delete(apiId);
        return next;
      }),
    [],
  );

  const toggle = async (map: FormMapper, enabled: boolean) => {
    markBusy(map.id, true);
    try {
      await toggleFieldMap({ accountId, formId, id: map.id, enabled, type: map.integrationApiType, apiId: map.integrationApiId }).unwrap();
      dispatch(showSuccessToast());
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(FIELD_MAP_MESSAGES.saveFailed));
    } finally {
      markBusy(map.id, false);
    }
  };

  const apisStatus = loadStatusOf(apis);
  const mapsStatus = loadStatusOf(maps);
  if (apisStatus === 'failed' || mapsStatus === 'failed') {
    const message = apisStatus === 'failed' ? FIELD_MAP_SCREEN_MESSAGES.apisFailed : FIELD_MAP_MESSAGES.integrationDataFailed;
    return (
      <div className="alert alert-danger d-flex flex-wrap gap-3 align-items-center" role="alert">
        <span className="flex-grow-1">{message}</span>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={() => {
            if (apisStatus === 'failed') void apis.refetch();
            if (mapsStatus === 'failed') void maps.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!apis.currentData || !maps.currentData) return <ListSkeleton />;

  const records = apis.currentData.results;
  if (records.length === 0) {
    return (
      <div className="card card-body text-center text-body-secondary">
        <p className="mb-0">{FIELD_MAP_SCREEN_MESSAGES.noApis}</p>
        <p className="small mb-0">Record types appear here once {INTEGRATION_LABELS[kind]} is connected.</p>
      </div>
    );
  }
  const mapByApi = new Map(maps.currentData.results.map((map) => [map.integrationApiId, map]));
  return (
    <div className="d-grid gap-3">
      <FieldMapLeaveGuard dirty={dirtyIds.size > 0} />
      {records.map((api) => {
        const map = mapByApi.get(api.id);
        return (
          <RecordTypeCard
            key={api.id}
            accountId={accountId}
            formId={formId}
            kind={kind}
            api={api}
            map={map}
            open={openIds.has(api.id)}
            dirty={dirtyIds.has(api.id)}
            toggling={map ? busyIds.has(map.id) : false}
            onToggleOpen={() => markOpen(api.id, !openIds.has(api.id))}
            onDirtyChange={onDirtyChange}
            onToggleEnabled={(target, enabled) => void toggle(target, enabled)}
          />
        );
      })}
    </div>
  );
}

/**
 * The field-map editor for one form and one record type (spec §3, §5; INTEGRATIONS.md "Field maps", "Screens"). It
 * loads what the rows pick from (the form as published, the record type's fields) and the saved map, imports the map
 * by spec §5, and hands the rows to FieldMapForm. Each load failure has its spec §8 message.
 */
import { useEffect, useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { fieldMapsApi } from '../../../api/field-maps';
import type { IntegrationApi, MappedIntegrationKind } from '../../../api/field-maps';
import { formTemplatesApi } from '../../../api/form-templates';
import { showErrorToast } from '../../../app/app-slice';
import { useAppDispatch } from '../../../app/hooks';
import { useErrorToast } from '../../../app/use-error-toast';
import { importFieldMap } from '../../../domain/field-map/import';
import { localFieldsOf } from '../../../domain/field-map/rows';
import type { FieldMapRow, LocalField } from '../../../domain/field-map/rows';
import { restoreFormDocument } from '../../../domain/form-restore';
import { loadStatusOf } from '../../../domain/load-status';
import { FIELD_MAP_MESSAGES } from '../../../domain/field-map/messages';
import { FIELD_MAP_SCREEN_MESSAGES } from './field-map-messages';
import { FieldMapForm } from './field-map-form';
import './field-maps.css';

export interface FieldMapEditorProps {
  accountId: number;
  formId: string;
  kind: MappedIntegrationKind;
  api: IntegrationApi;
  /** The saved map of this form and record type, or null when there is none yet. */
  mapId: string | null;
  /** See FieldMapForm: a host that guards leaving for its editors. */
  onDirtyChange?: (dirty: boolean) => void;
}

function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert-danger d-flex flex-wrap gap-3 align-items-center mb-0" role="alert">
      <span className="flex-grow-1">{message}</span>
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function readInputs(jsonForm: unknown): LocalField[] | null {
  try {
    return localFieldsOf(restoreFormDocument(jsonForm));
  } catch {
    return null;
  }
}

export function FieldMapEditor({ accountId, formId, kind, api, mapId, onDirtyChange }: FieldMapEditorProps) {
  const dispatch = useAppDispatch();
  const form = formTemplatesApi.useGetFormQuery({ accountId, id: formId });
  const fieldList = fieldMapsApi.useGetApiFieldListQuery({ accountId, kind, apiId: api.id });
  // Once read, the map stays this editor's draft: a later refetch (after its own save) must not reset the rows.
  const saved = fieldMapsApi.useGetFieldMapQuery(mapId ? { accountId, id: mapId } : skipToken);
  useErrorToast(form.error, FIELD_MAP_MESSAGES.integrationDataFailed);
  useErrorToast(fieldList.error, FIELD_MAP_SCREEN_MESSAGES.apiFieldsFailed);
  useErrorToast(saved.error, FIELD_MAP_MESSAGES.importFailed);

  const inputs = useMemo(() => (form.currentData ? readInputs(form.currentData.jsonForm) : undefined), [form.currentData]);
  const fields = fieldList.currentData?.results;
  const savedMap = mapId ? saved.currentData : null;

  const imported = useMemo((): { rows: FieldMapRow[] } | 'failed' | null => {
    if (!inputs || !fields || savedMap === undefined) return null;
    try {
      return { rows: importFieldMap(savedMap?.conversionRules ?? [], inputs, fields) };
    } catch {
      return 'failed';
    }
  }, [inputs, fields, savedMap]);

  const importFailed = imported === 'failed';
  useEffect(() => {
    if (importFailed) dispatch(showErrorToast(FIELD_MAP_MESSAGES.importFailed));
  }, [importFailed, dispatch]);

  if (loadStatusOf(form) === 'failed' || inputs === null) {
    return <LoadFailure message={FIELD_MAP_MESSAGES.integrationDataFailed} onRetry={() => void form.refetch()} />;
  }
  if (loadStatusOf(fieldList) === 'failed') {
    return <LoadFailure message={FIELD_MAP_SCREEN_MESSAGES.apiFieldsFailed} onRetry={() => void fieldList.refetch()} />;
  }
  if ((mapId && loadStatusOf(saved) === 'failed') || importFailed) {
    return <LoadFailure message={FIELD_MAP_MESSAGES.importFailed} onRetry={() => void (mapId ? saved.refetch() : form.refetch())} />;
  }
  if (!imported || !inputs || !fields || savedMap === undefined) {
    return (
      <div role="status" className="d-flex align-items-center gap-2 text-body-secondary py-3">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>Loading field map…</span>
      </div>
    );
  }
  return (
    <FieldMapForm
      // Keyed by record type only: the first save gives the map an id, and the draft stays as the save left it.
      key={api.id}
      accountId={accountId}
      formId={formId}
      kind={kind}
      api={api}
      saved={savedMap}
      inputs={inputs}
      fields={fields}
      initialRows={imported.rows}
      onDirtyChange={onDirtyChange}
    />
  );
}

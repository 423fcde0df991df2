import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { isHandledByClient } from '../../../api/errors';
import { fieldMapErrorsOf, fieldMapsApi } from '../../../api/field-maps';
import type { FormMapper, IntegrationApi, IntegrationField, MappedIntegrationKind, RowErrors } from '../../../api/field-maps';
import { showErrorToast, showSuccessToast } from '../../../app/app-slice';
import { useAppDispatch } from '../../../app/hooks';
import { LoadingButton } from '../../../components/loading-button';
import { isCompatible } from '../../../domain/field-map/compatibility';
import { importFieldMap } from '../../../domain/field-map/import';
import { fieldDisplayName, isChosen, sideOf, withError } from '../../../domain/field-map/rows';
import type { FieldMapRow, FieldMapSide, FieldMapSideName, LocalField } from '../../../domain/field-map/rows';
import { validateFieldMap } from '../../../domain/field-map/validate';
import { newId } from '../../../domain/ids-factory';
import { FIELD_MAP_MESSAGES } from '../../../domain/field-map/messages';
import { INTEGRATION_LABELS } from './field-map-messages';
import { FieldMapRowView, pickerIdOf } from './field-map-row';
import type { PickerOption } from './field-picker';
import { FieldMapLeaveGuard } from './leave-guard';

export interface FieldMapFormProps {
  accountId: number;
  formId: string;
  kind: MappedIntegrationKind;
  api: IntegrationApi;
  /** The saved map, or null when this form has none for the record type yet (the first save creates it). */
  saved: FormMapper | null;
  /** The form's inputs as published and the record type's fields: what the rows pick from. */
  inputs: readonly LocalField[];
  fields: readonly IntegrationField[];
  /** The rows as imported from `saved` (spec §5 import), computed by the caller, which reports a failed import. */
  initialRows: FieldMapRow[];
  /**
   * Told whether the draft differs from the saved map. A host that passes it guards leaving itself (one guard for
   * all its editors: a router takes one blocker at a time); without it the editor guards alone.
   */
  onDirtyChange?: (dirty: boolean) => void;
}

type SideErrors = Partial<Record<FieldMapSideName, string[]>>;

/** What is compared for unsaved changes and sent: rows without the errors the rules attach. */
const bare = (rows: readonly FieldMapRow[]) =>
  rows.map((row) => ({ id: row.id, local: row.local && withError(row.local, undefined), foreign: row.foreign && withError(row.foreign, undefined) }));

const optionOf = (field: { id: string; name: string }): PickerOption => ({ value: field.id, label: fieldDisplayName(field) });
const valueOf = (side: FieldMapSide | null): PickerOption | null => (isChosen(side) ? optionOf(side) : null);

function pushMessage(target: Record<string, SideErrors>, rowId: string, side: FieldMapSideName, message: string) {
  const row = (target[rowId] ??= {});
  const list = (row[side] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * The editing part of the field-map editor, mounted once everything it picks from has loaded. The rows are its own
 * draft until saved; the rules of src/domain/field-map judge them on every change, and the server's 400 puts its
 * messages on the rows as sent.
 */
export function FieldMapForm({ accountId, formId, kind, api, saved, inputs, fields, initialRows, onDirtyChange }: FieldMapFormProps) {
  const dispatch = useAppDispatch();
  const idPrefix = useId();
  const integrationLabel = INTEGRATION_LABELS[kind];
  const [createFieldMap, createState] = fieldMapsApi.useCreateFieldMapMutation();
  const [updateFieldMap, updateState] = fieldMapsApi.useUpdateFieldMapMutation();
  const saving = createState.isLoading || updateState.isLoading;

  const [mapId, setMapId] = useState(saved?.id ?? null);
  const [rows, setRows] = useState(initialRows);
  const [baseline, setBaseline] = useState(initialRows);
  const [serverErrors, setServerErrors] = useState<RowErrors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  // 'Please select a field' on a side nobody has touched yet waits for a save attempt: a map opened with three new
  // required rows should not greet the user with three errors. Every other message shows at once.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const inputById = useMemo(() => new Map(inputs.map((input) => [input.id, input])), [inputs]);
  const fieldById = useMemo(() => new Map(fields.map((field) => [field.id, field])), [fields]);
  const allInputOptions = useMemo(() => inputs.map(optionOf), [inputs]);
  const savedRowIds = useMemo(() => new Set(baseline.map((row) => row.id)), [baseline]);

  const validation = useMemo(() => validateFieldMap(rows, { inputs, externalFields: fields }), [rows, inputs, fields]);
  const errors = useMemo(() => {
    const result: Record<string, SideErrors> = {};
    for (const issue of validation.issues) {
      const quiet = issue.message === FIELD_MAP_MESSAGES.selectField && !attempted && !touched.has(issue.rowId);
      if (!quiet) pushMessage(result, issue.rowId, issue.side, issue.message);
    }
    for (const [rowId, sides] of Object.entries(serverErrors)) {
      for (const side of ['local', 'foreign'] as const) for (const message of sides[side] ?? []) pushMessage(result, rowId, side, message);
    }
    return result;
  }, [validation, serverErrors, attempted, touched]);

  const dirty = useMemo(() => JSON.stringify(bare(rows)) !== JSON.stringify(bare(baseline)), [rows, baseline]);
  const blocked = !validation.valid || Object.keys(serverErrors).length > 0;

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  // Unmounted (closed) editors have nothing left to lose.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  // A row added or removed moves the caret where the keyboard user expects it (set after the rows rendered).
  useEffect(() => {
    if (!focusTarget) return;
    const element = focusTarget === 'add' ? addButtonRef.current : document.getElementById(focusTarget);
    if (element) {
      element.focus();
      setFocusTarget(null);
    }
    // While a save runs the pickers are disabled and cannot take focus: try again once it ended.
  }, [focusTarget, saving]);

  /** A required row is one for a field the record type requires now; a row whose required field is gone can go. */
  const isRequired = (row: FieldMapRow) => isChosen(row.foreign) && fieldById.get(row.foreign.id)?.required === true;

  const changeSide = (rowId: string, side: FieldMapSideName, fieldId: string | null) => {
    const field = fieldId === null ? undefined : side === 'local' ? inputById.get(fieldId) : fieldById.get(fieldId);
    setRows((current) => current.map((row) => (row.id === rowId ? { ...row, [side]: field ? sideOf(field) : null } : row)));
    setTouched((current) => new Set(current).add(rowId));
    setServerErrors((current) => {
      if (!current[rowId]) return current;
      const { [rowId]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const addRow = () => {
    const row: FieldMapRow = { id: `row:${newId()}`, local: null, foreign: null };
    setRows((current) => [...current, row]);
    setFocusTarget(pickerIdOf(`${idPrefix}-${row.id}`, 'local'));
  };

  const removeRow = (rowId: string) => {
    setRows((current) => current.filter((row) => row.id !== rowId));
    setServerErrors((current) => {
      const { [rowId]: _dropped, ...rest } = current;
      return rest;
    });
    setFocusTarget('add');
  };

  const focusFirstError = (found: Record<string, SideErrors>) => {
    for (const row of rows) {
      const sides = found[row.id];
      const side = sides?.local?.length ? 'local' : sides?.foreign?.length ? 'foreign' : null;
      if (side) {
        setFocusTarget(pickerIdOf(`${idPrefix}-${row.id}`, side));
        return;
      }
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    if (blocked) {
      // Every message is shown once a save was tried; the caret goes to the first.
      const all: Record<string, SideErrors> = {};
      for (const issue of validation.issues) pushMessage(all, issue.rowId, issue.side, issue.message);
      focusFirstError({ ...all, ...serverErrors });
      return;
    }
    const sent = bare(validation.rows);
    const input = { conversionRules: sent, integrationApiType: kind, integrationApiId: api.id };
    try {
      const map = mapId
        ? await updateFieldMap({ accountId, id: mapId, input }).unwrap()
        : await createFieldMap({ accountId, input: { formTemplate: formId, ...input } }).unwrap();
      // The draft becomes the rows as stored (sides as their fields stand now, empty rows gone).
      const stored = importFieldMap(map.conversionRules, inputs, fields);
      setMapId(map.id);
      setRows(stored);
      setBaseline(stored);
      setServerErrors({});
      setOtherErrors([]);
      setTouched(new Set());
      setAttempted(false);
      dispatch(showSuccessToast());
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(FIELD_MAP_MESSAGES.saveFailed));
      const placed = fieldMapErrorsOf(error, sent);
      setServerErrors(placed.rows);
      setOtherErrors(placed.other);
      focusFirstError(placed.rows);
    }
  };

  const usedForeign = (exceptRowId: string) =>
    new Set(rows.flatMap((row) => (row.id !== exceptRowId && isChosen(row.foreign) ? [row.foreign.id] : [])));

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={`Field map for ${fieldDisplayName(api)}`}>
      {!onDirtyChange && <FieldMapLeaveGuard dirty={dirty && !saving} />}
      <div className="row g-2 px-3 pb-2 d-none d-md-flex field-map-headings" aria-hidden="true">
        <div className="col">Form field</div>
        <div className="col">{integrationLabel} field</div>
        <div className="col-md-auto field-map-row-actions" />
      </div>
      {rows.length === 0 ? (
        <p className="text-body-secondary border rounded p-3 mb-0">No fields are mapped yet. Add a row to map a form field.</p>
      ) : (
        <ol className="list-group list-unstyled">
          {rows.map((row, index) => {
            const localField = isChosen(row.local) ? inputById.get(row.local.id) : undefined;
            const foreignField = isChosen(row.foreign) ? fieldById.get(row.foreign.id) : undefined;
            const used = usedForeign(row.id);
            const required = isRequired(row);
            return (
              <FieldMapRowView
                key={row.id}
                number={index + 1}
                idPrefix={`${idPrefix}-${row.id}`}
                integrationLabel={integrationLabel}
                required={required}
                saved={savedRowIds.has(row.id)}
                disabled={saving}
                local={{
                  // Only inputs the chosen external field can take are offered.
                  options: foreignField ? inputs.filter((input) => isCompatible(input, foreignField)).map(optionOf) : allInputOptions,
                  value: valueOf(row.local),
                  errors: errors[row.id]?.local ?? [],
                }}
                foreign={{
                  options: fields.filter((field) => !used.has(field.id) && (!localField || isCompatible(localField, field))).map(optionOf),
                  value: valueOf(row.foreign),
                  errors: errors[row.id]?.foreign ?? [],
                  // The field is what makes the row required: it is fixed, the user picks what fills it.
                  fixed: required,
                }}
                onChange={(side, fieldId) => changeSide(row.id, side, fieldId)}
                onRemove={() => removeRow(row.id)}
              />
            );
          })}
        </ol>
      )}

      {otherErrors.length > 0 && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {otherErrors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      )}

      <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
        <Button ref={addButtonRef} variant="outline-primary" onClick={addRow} disabled={saving}>
          Add row
        </Button>
        <span className="ms-auto text-body-secondary small" role="status">
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
        <LoadingButton type="submit" variant="primary" loading={saving}>
          Save
        </LoadingButton>
      </div>
    </form>
  );
}

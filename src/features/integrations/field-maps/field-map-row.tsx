import { Suspense, lazy } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ConfirmButton } from '../../../components/confirm-button';
import type { FieldMapSideName } from '../../../domain/field-map/rows';
import type { PickerOption } from './field-picker';

// The select arrives with the first row that needs it (field-picker.tsx says why).
const FieldPicker = lazy(() => import('./field-picker'));

interface FieldMapRowSide {
  options: readonly PickerOption[];
  value: PickerOption | null;
  /** Messages shown under the picker, each on its own line. */
  errors: readonly string[];
  /** Shown, not chosen: the external field of a required row is what makes the row required. */
  fixed?: boolean;
}

export interface FieldMapRowProps {
  /** The row's position, from 1, as labels and legends say it. */
  number: number;
  /** A stable prefix for this row's element ids. */
  idPrefix: string;
  integrationLabel: string;
  required: boolean;
  /** Rows of the saved map ask before they go; a row added since the last save just goes. */
  saved: boolean;
  local: FieldMapRowSide;
  foreign: FieldMapRowSide;
  disabled: boolean;
  onChange: (side: FieldMapSideName, fieldId: string | null) => void;
  onRemove: () => void;
}

export const pickerIdOf = (idPrefix: string, side: FieldMapSideName) => `${idPrefix}-${side}`;

/** While the select's chunk loads: an inert box of the same size, so the row does not jump. */
function PickerFallback({ inputId, labelId }: { inputId: string; labelId: string }) {
  return <input id={inputId} aria-labelledby={labelId} className="form-control" disabled placeholder="Loading..." />;
}

function SidePicker({ idPrefix, side, caption, number, state, clearable, disabled, onChange }: {
  idPrefix: string;
  side: FieldMapSideName;
  caption: string;
  number: number;
  state: FieldMapRowSide;
  clearable: boolean;
  disabled: boolean;
  onChange: (fieldId: string | null) => void;
}) {
  const inputId = pickerIdOf(idPrefix, side);
  const labelId = `${inputId}-label`;
  const errorId = state.errors.length ? `${inputId}-error` : undefined;
  return (
    <div className="col-12 col-md">
      {/* Wide screens show the column headings instead of this caption; screen readers always hear the full label. */}
      <div className="form-label field-map-label d-md-none" aria-hidden="true">
        {caption}
      </div>
      <label id={labelId} htmlFor={inputId} className="visually-hidden">
        {`${caption} for row ${number}`}
      </label>
      {state.fixed ? (
        // Read-only rather than a disabled select: it stays focusable and its value is read out.
        <input
          id={inputId}
          aria-labelledby={labelId}
          aria-describedby={errorId}
          aria-invalid={errorId !== undefined}
          className={`form-control${errorId ? ' is-invalid' : ''}`}
          readOnly
          value={state.value?.label ?? ''}
        />
      ) : (
        <Suspense fallback={<PickerFallback inputId={inputId} labelId={labelId} />}>
          <FieldPicker
            inputId={inputId}
            labelId={labelId}
            options={state.options}
            value={state.value}
            onChange={onChange}
            disabled={disabled}
            clearable={clearable}
            errorId={errorId}
          />
        </Suspense>
      )}
      {errorId && (
        <div id={errorId} className="invalid-feedback d-block">
          {state.errors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      )}
    </div>
  );
}

/** One row of a field map: a form input on the left, the external field it fills on the right. */
export function FieldMapRowView({ number, idPrefix, integrationLabel, required, saved, local, foreign, disabled, onChange, onRemove }: FieldMapRowProps) {
  return (
    <li className="list-group-item py-3">
      <fieldset>
        <legend className="field-map-legend">
          Row {number}
          {required && ' '}
          {required && (
            <Badge bg="secondary" className="ms-2">
              Required
            </Badge>
          )}
        </legend>
        <div className="row g-2 align-items-start">
          <SidePicker idPrefix={idPrefix} side="local" caption="Form field" number={number} state={local} clearable disabled={disabled} onChange={(id) => onChange('local', id)} />
          <SidePicker
            idPrefix={idPrefix}
            side="foreign"
            caption={`${integrationLabel} field`}
            number={number}
            state={foreign}
            clearable={!required}
            disabled={disabled}
            onChange={(id) => onChange('foreign', id)}
          />
          <div className="col-12 col-md-auto field-map-row-actions">
            {/* A required row stays: the integration cannot take a record without that field. */}
            {!required &&
              (saved ? (
                <ConfirmButton text="Remove" prompt={`Remove row ${number} from the field map?`} disabled={disabled} onConfirm={onRemove} />
              ) : (
                <Button variant="outline-danger" aria-label={`Remove row ${number}`} disabled={disabled} onClick={onRemove}>
                  Remove
                </Button>
              ))}
          </div>
        </div>
      </fieldset>
    </li>
  );
}

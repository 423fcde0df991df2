/**
 * The searchable picker of one side of a row. It is the only module that imports react-select, and the editor loads
 * it with React.lazy: the select (about 25 KB gzipped with its styling runtime) is fetched when a field map is
 * opened, never with the SPA's first load.
 */
import { createContext, useContext, useMemo } from 'react';
import Select, { components } from 'react-select';
import type { InputProps, StylesConfig } from 'react-select';
import { FIELD_MAP_SCREEN_MESSAGES } from './field-map-messages';

export interface PickerOption {
  value: string;
  label: string;
}

export interface FieldPickerProps {
  inputId: string;
  /** The id of the visible (or visually hidden) label naming the row and side. */
  labelId: string;
  options: readonly PickerOption[];
  value: PickerOption | null;
  onChange: (id: string | null) => void;
  disabled?: boolean;
  clearable?: boolean;
  /** The id of the error under the picker, when there is one. */
  errorId?: string;
}

// react-select has no aria-describedby prop; its input component gets the error's id through this context (a
// component made per error id would remount the input, and drop its focus, whenever the error changes).
const ErrorIdContext = createContext<string | undefined>(undefined);

function DescribedInput(props: InputProps<PickerOption, false>) {
  const errorId = useContext(ErrorIdContext);
  const describedBy = [errorId, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return <components.Input {...props} aria-describedby={describedBy} />;
}

const PICKER_COMPONENTS = { Input: DescribedInput };
const noOptionsMessage = () => FIELD_MAP_SCREEN_MESSAGES.noMatchingOptions;

/** Bootstrap's own colours, so the select sits among the page's form controls and shows invalid the same way. */
function stylesFor(invalid: boolean): StylesConfig<PickerOption, false> {
  return {
    control: (base, state) => ({
      ...base,
      borderColor: invalid ? 'var(--bs-form-invalid-border-color)' : state.isFocused ? '#86b7fe' : 'var(--bs-border-color)',
      boxShadow: state.isFocused ? `0 0 0 0.25rem ${invalid ? 'rgba(220, 53, 69, 0.25)' : 'rgba(13, 110, 253, 0.25)'}` : 'none',
      '&:hover': { borderColor: invalid ? 'var(--bs-form-invalid-border-color)' : base.borderColor },
      minHeight: 38,
    }),
    menu: (base) => ({ ...base, zIndex: 5 }),
    placeholder: (base) => ({ ...base, color: 'var(--bs-secondary-color)' }),
  };
}

export default function FieldPicker({ inputId, labelId, options, value, onChange, disabled, clearable, errorId }: FieldPickerProps) {
  const styles = useMemo(() => stylesFor(errorId !== undefined), [errorId]);
  return (
    <ErrorIdContext.Provider value={errorId}>
      <Select<PickerOption, false>
        inputId={inputId}
        aria-labelledby={labelId}
        aria-invalid={errorId !== undefined}
        aria-errormessage={errorId}
        options={options}
        value={value}
        onChange={(option) => onChange(option?.value ?? null)}
        isDisabled={disabled}
        isClearable={clearable}
        placeholder="Select a field"
        noOptionsMessage={noOptionsMessage}
        components={PICKER_COMPONENTS}
        styles={styles}
        menuPlacement="auto"
        classNamePrefix="field-picker"
      />
    </ErrorIdContext.Provider>
  );
}

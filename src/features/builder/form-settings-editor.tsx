/** The form's own fields (spec §3): name (required), display name, description, custom submit message. */
import { useEffect, useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { FORM_LIMITS } from '../../domain/form-document';
import { FORM_MESSAGES } from './form-messages';
import { selectFormSettings, selectSettingsErrors } from './form-selectors';
import { settingsChanged } from './form-slice';
import { TextField } from './property-fields';

export function FormSettingsEditor() {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectFormSettings);
  const errors = useAppSelector(selectSettingsErrors);
  const [nameTouched, setNameTouched] = useState(false);
  const nameId = useId();
  const nameError = errors.name ?? (nameTouched && settings.name.trim() === '' ? FORM_MESSAGES.nameRequired : null);

  // A save refused for the name brings the user to it.
  useEffect(() => {
    if (errors.name) document.getElementById(nameId)?.focus();
  }, [errors.name, nameId]);

  return (
    <form aria-label="Form settings" onSubmit={(event) => event.preventDefault()}>
      <h2 className="builder-pane-title">Form settings</h2>
      <TextField
        id={nameId}
        label="Form name"
        required
        value={settings.name}
        maxLength={FORM_LIMITS.nameLength}
        error={nameError}
        onBlur={() => setNameTouched(true)}
        onChange={(name) => dispatch(settingsChanged({ name }))}
        help="How your team finds this form in the list."
      />
      <TextField
        label="Display name"
        value={settings.displayName}
        maxLength={FORM_LIMITS.nameLength}
        error={errors.displayName}
        onChange={(displayName) => dispatch(settingsChanged({ displayName }))}
        help="The title respondents see."
      />
      <TextField
        label="Description"
        multiline
        rows={3}
        value={settings.description}
        error={errors.description}
        onChange={(description) => dispatch(settingsChanged({ description }))}
      />
      <TextField
        label="Submit message"
        multiline
        rows={3}
        value={settings.customSubmitMessage}
        error={errors.customSubmitMessage}
        onChange={(customSubmitMessage) => dispatch(settingsChanged({ customSubmitMessage }))}
        help="Shown to respondents after they submit the form."
      />
    </form>
  );
}

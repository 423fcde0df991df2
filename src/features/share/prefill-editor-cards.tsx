import type { ReactNode } from 'react';
import { LinkField } from './copy-fields';

/** The prefill's name field and its link, which fills in the values last saved. */
export function PrefillDetailsCard({ nameField, link, dirty }: { nameField: ReactNode; link: string; dirty: boolean }) {
  return (
    <section className="card share-card" aria-labelledby="prefill-details-title">
      <div className="card-body p-3 p-md-4 d-flex flex-column gap-4">
        <h2 id="prefill-details-title" className="h5 mb-0">
          Details
        </h2>
        {nameField}
        <LinkField
          label="Prefilled link"
          url={link}
          copyLabel="Copy link"
          openLabel="Open form"
          help={dirty ? 'The link fills in the values last saved: save to include your changes.' : 'Opens the form with these values filled in.'}
        />
      </div>
    </section>
  );
}

/** The values the link answers: the editor given as children, a note on values of removed inputs, or why there is none. */
export function PrefillValuesCard({ orphans, hasInputs, children }: { orphans: number; hasInputs: boolean; children: ReactNode }) {
  return (
    <section className="card share-card" aria-labelledby="prefill-values-title">
      <div className="card-body p-3 p-md-4">
        <h2 id="prefill-values-title" className="h5">
          Values
        </h2>
        <p className="text-body-secondary">
          Fill in what the link should answer for the respondent. Leave the rest empty; nothing here is required.
        </p>
        {orphans > 0 && (
          <div className="alert alert-warning" role="note">
            {orphans === 1 ? 'One saved value belongs' : `${orphans} saved values belong`} to inputs no longer on the
            form. Saving removes {orphans === 1 ? 'it' : 'them'}.
          </div>
        )}
        {hasInputs ? (
          children
        ) : (
          <p className="text-body-secondary mb-0">
            This form has no inputs to prefill yet. Add inputs in the builder, save the form, then come back.
          </p>
        )}
      </div>
    </section>
  );
}

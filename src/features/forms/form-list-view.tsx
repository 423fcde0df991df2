import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import type { FormTemplateSummary } from '../../api/form-templates';
import { ConfirmButton } from '../../components/confirm-button';
import { ListSkeleton, ListTable } from '../../components/list-card';
import { LoadingButton } from '../../components/loading-button';
import type { FormSort } from './form-list-query';
import { formatExactTime, formatRelativeTime } from '../../domain/intl-format';

interface FormListActions {
  onRename: (form: FormTemplateSummary) => void;
  onArchive: (form: FormTemplateSummary) => void;
  onUnarchive: (form: FormTemplateSummary) => void;
  /** Opens the export dialog for the form's responses. */
  onExport: (form: FormTemplateSummary) => void;
}

export interface FormListViewProps extends FormListActions {
  forms: readonly FormTemplateSummary[];
  accountId: number;
  /** Responses that are not spam, by form id (a form without any is absent); null while they load. */
  responseCounts: ReadonlyMap<string, number> | null;
  archived: boolean;
  sort: FormSort;
  /** Ids of forms with a call under way: their actions wait. */
  busyIds: ReadonlySet<string>;
  now: number;
}

export const buildPath = (accountId: number, formId: string) => `/${accountId}/build/${encodeURIComponent(formId)}`;
const responsesPath = (accountId: number, formId: string) => `/${accountId}/responses?form=${encodeURIComponent(formId)}`;

/**
 * "12 responses": a link to the form's responses (the list hides spam, and so does the count). Nothing is shown
 * until the counts arrive, so a number never jumps from a guess.
 */
function ResponseCount({ form, accountId, counts }: { form: FormTemplateSummary; accountId: number; counts: ReadonlyMap<string, number> | null }) {
  if (counts === null) return null;
  const count = counts.get(form.id) ?? 0;
  const text = `${count.toLocaleString()} ${count === 1 ? 'response' : 'responses'}`;
  return (
    <Link to={responsesPath(accountId, form.id)} className="form-list-responses" aria-label={`${text} to ${form.name}`}>
      {text}
    </Link>
  );
}

function Time({ iso, now }: { iso: string; now: number }) {
  const exact = formatExactTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      {formatRelativeTime(iso, now)}
      {exact && <span className="visually-hidden"> ({exact})</span>}
    </time>
  );
}

/** An archived form cannot be opened in the builder (it answers 'Archived Form'), so its name is plain text. */
function FormName({ form, accountId, archived }: { form: FormTemplateSummary; accountId: number; archived: boolean }) {
  if (archived) return <span className="form-list-name">{form.name}</span>;
  return (
    <Link to={buildPath(accountId, form.id)} className="form-list-name">
      {form.name}
    </Link>
  );
}

function RowActions({ form, accountId, archived, busy, onRename, onArchive, onUnarchive, onExport }: FormListActions & {
  form: FormTemplateSummary;
  accountId: number;
  archived: boolean;
  busy: boolean;
}) {
  return (
    // Every row has the same button texts: the group's label says which form they act on.
    <div role="group" aria-label={`Actions for ${form.name}`} className="d-flex flex-wrap gap-2 justify-content-md-end">
      {archived ? (
        <>
          <LoadingButton size="sm" variant="outline-primary" loading={busy} onClick={() => onUnarchive(form)}>
            Unarchive
          </LoadingButton>
          <Button size="sm" variant="outline-secondary" onClick={() => onExport(form)}>
            Export responses
          </Button>
        </>
      ) : (
        <>
          <Link to={buildPath(accountId, form.id)} className="btn btn-sm btn-outline-primary">
            Open
          </Link>
          <Link to={responsesPath(accountId, form.id)} className="btn btn-sm btn-outline-secondary">
            Responses
          </Link>
          <Link to={`${buildPath(accountId, form.id)}/share`} className="btn btn-sm btn-outline-secondary">
            Share
          </Link>
          <Link to={`${buildPath(accountId, form.id)}/integrations`} className="btn btn-sm btn-outline-secondary">
            Integrations
          </Link>
          <Button size="sm" variant="outline-secondary" disabled={busy} onClick={() => onRename(form)}>
            Rename
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => onExport(form)}>
            Export responses
          </Button>
          <ConfirmButton
            size="sm"
            text="Archive"
            confirmText="Yes, archive"
            prompt={`Archive “${form.name}”? You can unarchive it later from the Archived tab.`}
            variant="outline-danger"
            disabled={busy}
            onConfirm={() => onArchive(form)}
          />
        </>
      )}
    </div>
  );
}

export function FormTable({ forms, accountId, responseCounts, archived, sort, busyIds, now, ...actions }: FormListViewProps) {
  return (
    <ListTable
      caption={
        <>
          {archived ? 'Archived forms' : 'Active forms'}, sorted by {sort === 'name' ? 'name' : 'last change'}
        </>
      }
    >
      <thead>
        <tr>
          <th scope="col" aria-sort={sort === 'name' ? 'ascending' : undefined}>
            Name
          </th>
          <th scope="col" className="text-nowrap">
            Responses
          </th>
          <th scope="col" aria-sort={sort === 'updated' ? 'descending' : undefined} className="text-nowrap">
            Last changed
          </th>
          {archived && (
            <th scope="col" className="text-nowrap">
              Archived
            </th>
          )}
          <th scope="col" className="text-md-end">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {forms.map((form) => (
          <tr key={form.id}>
            <td className="form-list-main">
              <FormName form={form} accountId={accountId} archived={archived} />
              {form.description && <div className="form-list-description text-body-secondary small">{form.description}</div>}
            </td>
            <td className="text-nowrap">
              <ResponseCount form={form} accountId={accountId} counts={responseCounts} />
            </td>
            <td className="text-nowrap text-body-secondary">
              <Time iso={form.updatedAt} now={now} />
            </td>
            {archived && (
              <td className="text-nowrap text-body-secondary">{form.deletedAt ? <Time iso={form.deletedAt} now={now} /> : '—'}</td>
            )}
            <td>
              <RowActions form={form} accountId={accountId} archived={archived} busy={busyIds.has(form.id)} {...actions} />
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

export function FormCards({ forms, accountId, responseCounts, archived, sort, busyIds, now, ...actions }: FormListViewProps) {
  return (
    <ul
      className="form-cards list-unstyled d-grid gap-3 mb-0"
      aria-label={`${archived ? 'Archived forms' : 'Active forms'}, sorted by ${sort === 'name' ? 'name' : 'last change'}`}
    >
      {forms.map((form) => (
        <li key={form.id} className="card">
          <div className="card-body d-grid gap-2">
            <h2 className="h6 mb-0">
              <FormName form={form} accountId={accountId} archived={archived} />
            </h2>
            {form.description && <p className="form-list-description text-body-secondary small mb-0">{form.description}</p>}
            {responseCounts !== null && (
              <p className="small mb-0">
                <ResponseCount form={form} accountId={accountId} counts={responseCounts} />
              </p>
            )}
            <p className="small text-body-secondary mb-1">
              Last changed <Time iso={form.updatedAt} now={now} />
              {archived && form.deletedAt && (
                <>
                  {' · '}archived <Time iso={form.deletedAt} now={now} />
                </>
              )}
            </p>
            <RowActions form={form} accountId={accountId} archived={archived} busy={busyIds.has(form.id)} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Shape of the list while it loads; the spoken label says what is happening. */
export function FormListSkeleton({ label, narrow }: { label: string; narrow: boolean }) {
  return (
    <ListSkeleton
      label={label}
      narrow={narrow}
      rows={3}
      card={
        <>
          <Placeholder xs={7} />
          <Placeholder xs={10} size="sm" />
          <Placeholder xs={4} size="sm" />
        </>
      }
      row={
        <>
          <span className="flex-grow-1 d-grid gap-2">
            <Placeholder xs={5} />
            <Placeholder xs={8} size="sm" />
          </span>
          <Placeholder style={{ width: '6rem' }} size="sm" />
          <Placeholder.Button variant="outline-secondary" size="sm" style={{ width: '12rem' }} />
        </>
      }
    />
  );
}

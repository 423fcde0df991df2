import { useLocation, useNavigate } from 'react-router';
import { SUPPORT_EMAIL_META } from '../contract/runtime-settings';
import { errorPageContent } from '../domain/error-page';
import { BackLink } from './back-link';


export interface ErrorPageProps {
  error: { statusCode: number; message?: string | null };
}

/** The server's support address; empty when it has none (the mail then opens without a recipient). */
function supportEmail(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${SUPPORT_EMAIL_META}"]`)?.content.trim() ?? '';
}

/** A mail to Support that already says what went wrong and where. */
export function supportMailto(error: ErrorPageProps['error'], pageUrl: string, email: string = supportEmail()): string {
  const subject = 'Form Builder support request';
  const body = [`Error ${error.statusCode}: ${error.message ?? ''}`.trim(), `Page: ${pageUrl}`, '', ''].join('\n');
  return `mailto:${encodeURI(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The error page of spec §2 inside whatever frame the caller gives it (the app shell adds the side navigation, see
 * src/app/layouts/error-page.tsx): the variant texts come from errorPageContent.
 */
export function ErrorPageContent({ error }: ErrorPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const content = errorPageContent(error);
  // What exactly failed ('Page not found: /12/no/such/page'), unless the title already says it.
  const detail = error.message && error.message !== content.title ? error.message : null;

  // The first page of the session has the 'default' key: there is nothing of ours to go back to.
  const goBack = () => {
    if (location.key !== 'default') void navigate(-1);
    else void navigate('/');
  };

  return (
    <div className="error-page container py-5 px-3 px-md-4">
      <div className="error-page-card mx-auto">
        <p className="error-page-code text-body-secondary small text-uppercase mb-2">Error {error.statusCode}</p>
        <h1 className="h2 mb-3">{content.title}</h1>
        <p className="lead text-body-secondary mb-3">{content.text}</p>
        {detail && <p className="error-page-detail small text-body-secondary font-monospace mb-4">{detail}</p>}
        <div className="d-flex flex-wrap align-items-center gap-3 mt-4">
          {content.backLink.target === 'forms' ? (
            <BackLink to="">{content.backLink.label}</BackLink>
          ) : (
            <BackLink onClick={goBack}>{content.backLink.label}</BackLink>
          )}
          {content.showSupport && (
            <a className="btn btn-primary" href={supportMailto(error, window.location.href)}>
              Contact Support
            </a>
          )}
        </div>
      </div>
    </div>
  );
}

import { useEffect, useId, useMemo, useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useLocation, useParams } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Placeholder from 'react-bootstrap/Placeholder';
import { isHandledByClient } from '../../api/errors';
import { formResponsesApi } from '../../api/form-responses';
import type { FormResponseDetail } from '../../api/form-responses';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import { BackLink } from '../../components/back-link';
import { LoadingButton } from '../../components/loading-button';
import { PageFrame } from '../../components/page-frame';
import { SpamBanner } from '../../components/spam-banner';
import { useNow } from '../../components/use-now';
import { accountIdFromPath } from '../../domain/ids';
import { loadStatusOf } from '../../domain/load-status';
import { contactHref } from '../../domain/response-view';
import { UNANSWERED, groupAnswers } from './answer-groups';
import { RESPONSE_MESSAGES, SPAM_REASON_TEXT } from './response-messages';
import { listSearchOf } from './response-paths';
import { ResponseDeliveries } from './response-deliveries';
import { ResponseNeighbours } from './response-neighbours';
import { ResponseTime } from '../../components/response-time';
import './responses.css';

function useResponseDetail(accountId: number | null, responseId: string | undefined) {
  const result = formResponsesApi.useGetResponseQuery(accountId === null || !responseId ? skipToken : { accountId, id: responseId });
  useErrorToast(result.error, RESPONSE_MESSAGES.detailFailed);
  return { status: loadStatusOf(result), response: result.currentData ?? null, retry: result.refetch };
}

function DetailSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">Loading response…</span>
      <div aria-hidden="true" className="d-grid gap-3">
        <Placeholder as="div" animation="glow" className="card card-body d-grid gap-2">
          <Placeholder xs={4} />
          <Placeholder xs={6} size="sm" />
          <Placeholder xs={3} size="sm" />
        </Placeholder>
        <Placeholder as="div" animation="glow" className="card card-body d-grid gap-3">
          {[0, 1, 2, 3].map((row) => (
            <span key={row} className="d-flex gap-4">
              <Placeholder xs={3} size="sm" />
              <Placeholder xs={6} size="sm" />
            </span>
          ))}
        </Placeholder>
      </div>
    </div>
  );
}

/** An email address or a phone number is a link that writes or calls (mailto:, tel:); other answers are text. */
function AnswerValue({ subtype, text }: { subtype: string; text: string }) {
  const href = contactHref(subtype, text);
  return href ? <a href={href}>{text}</a> : <>{text}</>;
}

function Answers({ response }: { response: FormResponseDetail }) {
  const groups = useMemo(() => groupAnswers(response.answers), [response.answers]);
  const headingId = useId();
  if (groups.length === 0) {
    return <p className="card card-body text-body-secondary mb-0">This response has no answers to show.</p>;
  }
  return (
    <div className="d-grid gap-3">
      {groups.map((page, pageIndex) => (
        <section key={pageIndex} className="card" aria-labelledby={`${headingId}-${pageIndex}`}>
          <div className="card-header bg-body-tertiary">
            <h2 id={`${headingId}-${pageIndex}`} className="response-page-title">
              {page.title || `Page ${pageIndex + 1}`}
            </h2>
          </div>
          <div className="card-body pt-2">
            {page.sections.map((section, sectionIndex) => (
              <div key={sectionIndex}>
                {section.title !== null && <h3 className="response-section-title">{section.title || 'Section'}</h3>}
                <dl className="response-answers">
                  {section.answers.map((answer) => {
                    const unanswered = answer.displayValue.trim() === '';
                    return (
                      <div key={answer.inputId} className="response-answer">
                        <dt>{answer.label || answer.dataName}</dt>
                        <dd className={unanswered ? 'is-unanswered' : undefined}>
                          {unanswered ? (
                            <>
                              <span aria-hidden="true">{UNANSWERED}</span>
                              <span className="visually-hidden">Not answered</span>
                            </>
                          ) : (
                            <AnswerValue subtype={answer.subtype} text={answer.displayValue} />
                          )}
                        </dd>
                      </div>
                    );
                  })}
                </dl>
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/**
 * /{accountId}/responses/{responseId}: one response — its form, when it came, the prefill it used, and its answers
 * in form order grouped by page and section as the form was when it was submitted. Spam can be toggled both ways.
 */
export function ResponseDetailPage() {
  const dispatch = useAppDispatch();
  const params = useParams();
  const location = useLocation();
  const accountId = accountIdFromPath(location.pathname, params);
  const responseId = params.responseId;
  const listSearch = listSearchOf(location.state) ?? '';
  const { status, response, retry } = useResponseDetail(accountId, responseId);
  const [setSpam, { isLoading: saving }] = formResponsesApi.useSetResponseSpamMutation();
  const now = useNow();
  const markSpamId = useId();
  const bannerRef = useRef<HTMLDivElement>(null);

  // The button the user pressed goes away with the change: put focus on the one that undoes it.
  const focusAfterToggle = useRef(false);
  const isSpam = response?.isSpam;
  useEffect(() => {
    if (!focusAfterToggle.current) return;
    focusAfterToggle.current = false;
    if (isSpam) bannerRef.current?.querySelector('button')?.focus();
    else document.getElementById(markSpamId)?.focus();
  }, [isSpam, markSpamId]);

  const toggleSpam = async (next: boolean) => {
    if (!response || accountId === null || saving) return;
    try {
      // The answer replaces the cached detail, which re-renders this page.
      await setSpam({ accountId, id: response.id, isSpam: next }).unwrap();
      focusAfterToggle.current = true;
      dispatch(showSuccessToast());
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(RESPONSE_MESSAGES.spamFailed));
    }
  };

  const reasons = (response?.spamReasons ?? []).map((reason) => SPAM_REASON_TEXT[reason] ?? reason);

  return (
    <PageFrame
      title="Response"
      actions={
        response &&
        !response.isSpam && (
          <LoadingButton id={markSpamId} variant="outline-secondary" loading={saving} onClick={() => void toggleSpam(true)}>
            Mark as spam
          </LoadingButton>
        )
      }
    >
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <BackLink to={`responses${listSearch}`}>Back to Responses</BackLink>
        {accountId !== null && responseId && <ResponseNeighbours accountId={accountId} responseId={responseId} listSearch={listSearch} />}
      </div>

      {status === 'loading' && <DetailSkeleton />}

      {status === 'failed' && (
        <div className="alert alert-danger d-flex flex-wrap gap-3 align-items-center" role="alert">
          <span className="flex-grow-1">{RESPONSE_MESSAGES.detailFailed}</span>
          <Button size="sm" variant="outline-danger" onClick={retry}>
            Try again
          </Button>
        </div>
      )}

      {response && (
        <div className="d-grid gap-3">
          {response.isSpam && (
            <div ref={bannerRef}>
              <SpamBanner loading={saving} onMarkNotSpam={() => void toggleSpam(false)} />
              {reasons.length > 0 && (
                <p className="small text-body-secondary mb-0">Marked automatically because {reasons.join(' and ')}.</p>
              )}
            </div>
          )}

          <section className="card card-body" aria-label="Response details">
            <dl className="response-meta">
              <dt>Form</dt>
              <dd>
                {response.formTemplate.name}
                {response.formTemplate.archived && (
                  <Badge bg="secondary" className="ms-2 align-text-bottom">
                    Archived
                  </Badge>
                )}
              </dd>
              <dt>Submitted</dt>
              <dd>
                <ResponseTime iso={response.submittedAt} now={now} inline />
              </dd>
              <dt>Prefill</dt>
              <dd>{response.prefill ? response.prefill.name || 'Unnamed prefill' : <span className="text-body-secondary">None</span>}</dd>
              <dt>Reference</dt>
              <dd className="font-monospace small text-body-secondary">{response.id}</dd>
            </dl>
          </section>

          {accountId !== null && <ResponseDeliveries accountId={accountId} response={response} now={now} />}

          <Answers response={response} />
        </div>
      )}
    </PageFrame>
  );
}

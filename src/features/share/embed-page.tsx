import { Link } from 'react-router';
import { CodeSnippet } from './copy-fields';
import { ShareFrame, useShareParams } from './share-frame';
import { IFRAME_HEIGHT, appOrigin, iframeSnippet, scriptSnippet, sharePaths } from './share-links';
import { BACK_LABELS } from './share-messages';
import { useShareForm } from './use-share-form';

/** /{accountId}/build/{formId}/share/embed: the two snippets that put the form on a firm's own website. */
export function EmbedPage() {
  const { accountId, formId } = useShareParams();
  const state = useShareForm(accountId, formId);

  return (
    <ShareFrame
      title={(form) => (form ? `Embed: ${form.name}` : 'Embed')}
      back={{ to: `build/${formId ?? ''}/share`, label: BACK_LABELS.share }}
      state={state}
    >
      {(form) => {
        const origin = appOrigin();
        const docsPath = sharePaths(form.accountId, form.id).embedDocs;
        return (
          <div className="share-content">
            <p className="lead fs-6 text-body-secondary mb-4">
              Paste one of these snippets into the HTML of the page where the form should appear. Both show the last
              saved version of <strong className="text-body">{form.title}</strong>, and responses arrive here as usual.
            </p>

            <section className="card share-card mb-4" aria-labelledby="embed-script-title">
              <div className="card-body p-3 p-md-4">
                <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                  <h2 id="embed-script-title" className="card-title h5 mb-0">
                    Script
                  </h2>
                  <span className="badge rounded-pill text-bg-light border">Recommended</span>
                </div>
                <p className="text-body-secondary">
                  The form grows and shrinks with its content, so your page never shows a second scroll bar. It can also
                  take prefill values and tell your page when a response was submitted.
                </p>
                <CodeSnippet label="Script snippet" code={scriptSnippet(origin, form.id)} copyLabel="Copy script snippet" />
              </div>
            </section>

            <section className="card share-card mb-4" aria-labelledby="embed-iframe-title">
              <div className="card-body p-3 p-md-4">
                <h2 id="embed-iframe-title" className="card-title h5">
                  Iframe
                </h2>
                <p className="text-body-secondary">
                  For website builders that do not allow scripts. The frame keeps a fixed height of {IFRAME_HEIGHT} pixels
                  and does not resize to the form: long forms scroll inside it. Change <code>height</code> to suit the form.
                </p>
                <CodeSnippet label="Iframe snippet" code={iframeSnippet(origin, form.id, form.title)} copyLabel="Copy iframe snippet" />
              </div>
            </section>

            <p className="mb-0">
              Options, events and prefilling are described in the <Link to={docsPath}>embed documentation</Link>.
            </p>
          </div>
        );
      }}
    </ShareFrame>
  );
}

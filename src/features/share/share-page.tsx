import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LinkField } from './copy-fields';
import { ShareFrame, useShareParams } from './share-frame';
import { appOrigin, publicFormUrl, sharePaths } from './share-links';
import { BACK_LABELS } from './share-messages';
import { useShareForm } from './use-share-form';

interface ShareOption {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

function Glyph({ d }: { d: string }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/** /{accountId}/build/{formId}/share: the public link, and the way to embedding, its docs and prefills. */
export function SharePage() {
  const { accountId, formId } = useShareParams();
  const state = useShareForm(accountId, formId);

  return (
    <ShareFrame
      title={(form) => (form ? `Share: ${form.name}` : 'Share')}
      back={{ to: `build/${formId ?? ''}`, label: BACK_LABELS.builder }}
      state={state}
    >
      {(form) => {
        const url = publicFormUrl(appOrigin(), form.id);
        const paths = sharePaths(form.accountId, form.id);
        const options: ShareOption[] = [
          {
            to: paths.embed,
            title: 'Embed on your website',
            text: 'Copy a snippet that shows the form on a page of your own site.',
            icon: <Glyph d="m16 18 6-6-6-6M8 6l-6 6 6 6" />,
          },
          {
            to: paths.embedDocs,
            title: 'Embed documentation',
            text: 'Options, events, prefilling by URL and security notes for your web team.',
            icon: <Glyph d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />,
          },
          {
            to: paths.prefills,
            title: 'Prefills',
            text: 'Links that open the form with some answers already filled in.',
            icon: <Glyph d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />,
          },
          {
            to: paths.integrations,
            title: 'Integrations',
            text: 'Send every response to Zapier, Clio or Centerbase as it arrives.',
            icon: <Glyph d="M9 17H7A5 5 0 0 1 7 7h2M15 7h2a5 5 0 0 1 0 10h-2M8 12h8" />,
          },
        ];
        return (
          <div className="share-content">
            <section className="card share-card mb-4" aria-labelledby="share-public-link-title">
              <div className="card-body p-3 p-md-4">
                <h2 id="share-public-link-title" className="card-title h5">
                  Public link
                </h2>
                <p className="text-body-secondary">
                  Anyone with this link can fill in <strong className="text-body">{form.title}</strong>. Responses appear
                  under Responses.
                </p>
                <LinkField
                  label="Form link"
                  url={url}
                  copyLabel="Copy link"
                  openLabel="Open form"
                  help="Respondents see the last saved version of the form."
                />
              </div>
            </section>

            <h2 className="h5 mb-3">More ways to share</h2>
            <ul className="row g-3 list-unstyled mb-0">
              {options.map((option) => (
                <li key={option.to} className="col-12 col-md-6 col-xl-3">
                  <div className="card share-card share-option h-100 position-relative">
                    <div className="card-body d-flex flex-column gap-2">
                      <span className="share-option-icon">{option.icon}</span>
                      <Link to={option.to} className="stretched-link">
                        {option.title}
                      </Link>
                      <p className="mb-0 text-body-secondary small">{option.text}</p>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        );
      }}
    </ShareFrame>
  );
}

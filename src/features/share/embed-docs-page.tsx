import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { inputsOf } from '../../domain/answers';
import { INPUT_SUBTYPE_LABELS, isChoiceSubtype } from '../../domain/form-document';
import type { InputElement } from '../../domain/form-document';
import { CodeExample, CodeSnippet } from './copy-fields';
import { ShareFrame, useShareParams } from './share-frame';
import {
  IFRAME_HEIGHT,
  acceptedParameterValues,
  appOrigin,
  embedScriptUrl,
  exampleParameterValue,
  iframeSnippet,
  parameterFormUrl,
  prefilledFormUrl,
  publicFormUrl,
  scriptSnippet,
  sharePaths,
} from './share-links';
import { BACK_LABELS } from './share-messages';
import type { ShareForm } from './use-share-form';
import { useShareForm } from './use-share-form';
// The docs' tables take the lists' column headings (.quiet-headings).
import '../../components/list-card.css';

const SECTIONS = [
  { id: 'embed-docs-installation', title: 'Installation' },
  { id: 'embed-docs-options', title: 'Options' },
  { id: 'embed-docs-events', title: 'Events' },
  { id: 'embed-docs-prefilling', title: 'Prefilling' },
  { id: 'embed-docs-security', title: 'Security' },
] as const;

const PREFILL_PLACEHOLDER = 'PREFILL_ID';

function attributeRows(formId: string) {
  return [
    { name: 'data-formbuilder-form', example: formId, meaning: 'Required. The form to show in this element.' },
    { name: 'data-prefill', example: PREFILL_PLACEHOLDER, meaning: 'Fill in the answers saved in a prefill (see Prefilling).' },
    { name: 'data-params', example: 'client_name=Jane%20Doe&referral=Website', meaning: 'Answers by data name, written like a URL query string.' },
    { name: 'data-pass-query', example: 'true', meaning: 'Also pass the query parameters of your page’s own address to the form, so ?referral=… on your page fills in referral.' },
  ];
}

const JS_OPTIONS = [
  { name: 'formId', type: 'string', meaning: 'Required. The form’s id.' },
  { name: 'target', type: 'Element or string', meaning: 'Required. The element the form is shown in, or a CSS selector for it.' },
  { name: 'prefill', type: 'string', meaning: 'A prefill id, as data-prefill.' },
  { name: 'params', type: 'object or string', meaning: 'Answers by data name, as { client_name: "Jane Doe" } or "client_name=Jane%20Doe".' },
  { name: 'passQuery', type: 'boolean', meaning: 'As data-pass-query.' },
  { name: 'minHeight', type: 'number', meaning: 'Height in pixels while the form loads, and the least it shrinks to.' },
  { name: 'onSubmit', type: 'function', meaning: 'Called with { formId, responseId } after a response is submitted.' },
];

function jsExample(origin: string, formId: string) {
  return `<div id="intake-form"></div>
<script src="${embedScriptUrl(origin)}"></script>
<script>
  const embedded = window.FormBuilder.embed({
    formId: '${formId}',
    target: '#intake-form',
    params: { referral: 'Newsletter' },
    minHeight: 600,
    onSubmit: ({ responseId }) => console.log('Submitted', responseId),
  });
  // Later, to remove the form from the page:
  // embedded.destroy();
</script>`;
}

const EVENT_EXAMPLE = `document.addEventListener('formbuilder:submitted', (event) => {
  const { formId, responseId } = event.detail;
  // For example, record a conversion in your analytics.
  console.log('Form', formId, 'submitted as response', responseId);
});`;

/**
 * A reference table: the caption names it for assistive technology, `headings` its columns, `children` its rows. On a
 * phone it scrolls sideways in its box, which keyboard users reach with Tab (it holds nothing else focusable).
 */
function DocsTable({ caption, headings, children }: { caption: ReactNode; headings: readonly string[]; children: ReactNode }) {
  const captionId = useId();
  return (
    <div className="table-responsive border rounded mb-3 share-scroll-box" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="table share-table quiet-headings align-top mb-0">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function OptionList({ input }: { input: InputElement }) {
  if (!isChoiceSubtype(input.subtype)) return null;
  if (input.options.length === 0) return <div className="small text-body-secondary">No options yet.</div>;
  return (
    <ul className="list-unstyled small mb-0 mt-1">
      {input.options.map((option) => (
        <li key={option.id}>
          <code>{option.text || '(no text)'}</code> <span className="text-body-secondary">or id</span> <code>{option.id}</code>
        </li>
      ))}
    </ul>
  );
}

function InputTable({ form, origin }: { form: ShareForm; origin: string }) {
  if (!form.document) {
    return <p className="text-body-secondary">This form’s inputs cannot be listed: open it in the builder and save it again.</p>;
  }
  const inputs = inputsOf(form.document).map((placement) => placement.input);
  if (inputs.length === 0) {
    return <p className="text-body-secondary">This form has no inputs yet. Add some in the builder and they are listed here.</p>;
  }
  const example = parameterFormUrl(
    origin,
    form.id,
    inputs.slice(0, 2).map((input) => [input.dataName, exampleParameterValue(input)] as const),
  );
  return (
    <>
      <DocsTable
        caption={<>Inputs of {form.name} and the URL parameters that prefill them</>}
        headings={['Input', 'Data name', 'Type', 'Accepted values']}
      >
        {inputs.map((input) => (
          <tr key={input.id}>
            <th scope="row" className="fw-normal">
              {input.label || <span className="text-body-secondary">(no label)</span>}
            </th>
            <td>
              <code>{input.dataName}</code>
            </td>
            <td className="text-nowrap">{INPUT_SUBTYPE_LABELS[input.subtype]}</td>
            <td>
              {acceptedParameterValues(input)}
              <OptionList input={input} />
            </td>
          </tr>
        ))}
      </DocsTable>
      <p className="mb-2">For example:</p>
      <CodeExample label="Example link with URL parameters" code={example} />
    </>
  );
}

/** /{accountId}/build/{formId}/share/embed/docs: how to install, configure and prefill the embedded form. */
export function EmbedDocsPage() {
  const { accountId, formId } = useShareParams();
  const state = useShareForm(accountId, formId);

  return (
    <ShareFrame
      title={(form) => (form ? `Embed Documentation: ${form.name}` : 'Embed Documentation')}
      back={{ to: `build/${formId ?? ''}/share/embed`, label: BACK_LABELS.embed }}
      state={state}
    >
      {(form) => {
        const origin = appOrigin();
        const paths = sharePaths(form.accountId, form.id);
        return (
          <div className="row g-4 share-docs">
            <nav className="col-lg-3 order-lg-last" aria-label="On this page">
              <div className="share-toc">
                <p className="small fw-semibold text-body-secondary text-uppercase mb-2">On this page</p>
                <ul className="nav flex-column">
                  {SECTIONS.map((section) => (
                    <li key={section.id} className="nav-item">
                      <a className="nav-link" href={`#${section.id}`}>
                        {section.title}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </nav>

            <div className="col-lg-9 share-content">
              <p className="text-body-secondary">
                For the web team of the site that shows <strong className="text-body">{form.title}</strong>. Every
                example below already carries this form’s id and this server’s address.
              </p>

              <section id={SECTIONS[0].id} aria-labelledby={`${SECTIONS[0].id}-title`}>
                <h2 id={`${SECTIONS[0].id}-title`}>Installation</h2>
                <p>
                  Paste this where the form should appear. The script loads without blocking your page, shows the form in
                  an iframe inside the <code>div</code> and keeps the iframe as tall as the form.
                </p>
                <CodeSnippet label="Script snippet" code={scriptSnippet(origin, form.id)} copyLabel="Copy script snippet" />
                <p className="mt-3">
                  Where scripts are not allowed, use a plain iframe instead. It has a fixed height ({IFRAME_HEIGHT} pixels
                  here) and does not resize, send events or read your page’s address.
                </p>
                <CodeSnippet label="Iframe snippet" code={iframeSnippet(origin, form.id, form.title)} copyLabel="Copy iframe snippet" />
                <p className="mt-3 mb-0">
                  The form can also be linked to directly: <code>{publicFormUrl(origin, form.id)}</code>.
                </p>
              </section>

              <section id={SECTIONS[1].id} aria-labelledby={`${SECTIONS[1].id}-title`}>
                <h2 id={`${SECTIONS[1].id}-title`}>Options</h2>
                <h3>Attributes</h3>
                <p>Set these on the element that holds the form.</p>
                <DocsTable caption="Embed attributes" headings={['Attribute', 'Example', 'What it does']}>
                  {attributeRows(form.id).map((row) => (
                    <tr key={row.name}>
                      <th scope="row" className="fw-normal">
                        <code>{row.name}</code>
                      </th>
                      <td>
                        <code>{row.example}</code>
                      </td>
                      <td>{row.meaning}</td>
                    </tr>
                  ))}
                </DocsTable>

                <h3>JavaScript</h3>
                <p>
                  To add a form from your own code (a single-page site, a form shown in a dialog), call{' '}
                  <code>window.FormBuilder.embed(options)</code> once the script has loaded. It returns{' '}
                  <code>{'{ iframe, destroy() }'}</code>: the iframe it created, and a function that removes it again.
                </p>
                <DocsTable caption="Options of FormBuilder.embed" headings={['Option', 'Type', 'What it does']}>
                  {JS_OPTIONS.map((row) => (
                    <tr key={row.name}>
                      <th scope="row" className="fw-normal">
                        <code>{row.name}</code>
                      </th>
                      <td className="text-nowrap">{row.type}</td>
                      <td>{row.meaning}</td>
                    </tr>
                  ))}
                </DocsTable>
                <CodeExample label="JavaScript example" code={jsExample(origin, form.id)} />
              </section>

              <section id={SECTIONS[2].id} aria-labelledby={`${SECTIONS[2].id}-title`}>
                <h2 id={`${SECTIONS[2].id}-title`}>Events</h2>
                <p>
                  After a response is submitted, the element holding the form receives a <code>formbuilder:submitted</code>{' '}
                  event. It bubbles, so one listener on <code>document</code> hears every form on the page. Its{' '}
                  <code>detail</code> is <code>{'{ formId, responseId }'}</code>.
                </p>
                <CodeExample label="Event listener example" code={EVENT_EXAMPLE} />
                <p className="mt-3 mb-0 text-body-secondary">The plain iframe sends no events.</p>
              </section>

              <section id={SECTIONS[3].id} aria-labelledby={`${SECTIONS[3].id}-title`}>
                <h2 id={`${SECTIONS[3].id}-title`}>Prefilling</h2>
                <p>Answers can be filled in before the respondent starts; they can still change them.</p>
                <h3>Prefill links</h3>
                <p>
                  A prefill is a named set of answers kept here, made on the <Link to={paths.prefills}>Prefills</Link>{' '}
                  page. Its link adds <code>?prefill=</code> and the prefill’s id to the form link:
                </p>
                <CodeExample label="Prefill link example" code={prefilledFormUrl(origin, form.id, PREFILL_PLACEHOLDER)} />
                <p className="mt-3">
                  With the script, put the id in <code>data-prefill=&quot;{PREFILL_PLACEHOLDER}&quot;</code> or pass it as the{' '}
                  <code>prefill</code> option.
                </p>
                <h3>URL parameters</h3>
                <p>
                  Any input can be filled in by a parameter named after its data name: on the form link, in{' '}
                  <code>data-params</code> or <code>params</code>, or from your page’s own address with{' '}
                  <code>data-pass-query=&quot;true&quot;</code>. Text is taken as it is; options match by their text or id;
                  checkbox options are separated by commas (use the id for an option whose text contains a comma). Encode
                  values as in any URL: a space is <code>%20</code>, <code>@</code> is <code>%40</code>. A value the input cannot take (a word for a number, an option it does not have) is ignored,
                  and URL parameters win over a prefill’s values for the same input.
                </p>
                <InputTable form={form} origin={origin} />
              </section>

              <section id={SECTIONS[4].id} aria-labelledby={`${SECTIONS[4].id}-title`}>
                <h2 id={`${SECTIONS[4].id}-title`}>Security</h2>
                <ul className="mb-0">
                  <li className="mb-2">
                    The form runs in an iframe served from <code>{origin}</code> and posts answers straight to this
                    server. They do not pass through your website, and scripts on your page cannot read what respondents
                    type.
                  </li>
                  <li className="mb-2">
                    The script only resizes the iframe, and only on messages that come from <code>{origin}</code>: the
                    origin of every message is checked, so other frames on your page cannot change it.
                  </li>
                  <li className="mb-2">
                    Prefill values and URL parameters are visible to whoever opens the link. Use them for things like
                    the referral source or the kind of matter, never for confidential client information.
                  </li>
                  <li className="mb-2">
                    With <code>data-pass-query</code>, every parameter of your page’s address is offered to the form; only
                    parameters named after a data name are used.
                  </li>
                  <li>
                    If your site sends a Content Security Policy, allow <code>{origin}</code> in <code>script-src</code>{' '}
                    (for the script) and <code>frame-src</code> (for the iframe).
                  </li>
                </ul>
              </section>
            </div>
          </div>
        );
      }}
    </ShareFrame>
  );
}

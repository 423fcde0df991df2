import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startMswServer, server } from '../../app/msw-server';
import { FORM_BASE, FORM_ID, renderShare, templateHandler } from './share-fixtures';

startMswServer();

const origin = () => window.location.origin;

describe('EmbedPage', () => {
  it('gives the script and iframe snippets with this server’s origin and the form id, each copyable', async () => {
    server.use(templateHandler());
    const { user } = renderShare(`${FORM_BASE}/share/embed`);

    const script = await screen.findByRole('region', { name: 'Script snippet' });
    expect(script.textContent).toBe(
      `<div data-formbuilder-form="${FORM_ID}"></div>\n<script src="${origin()}/embed.js" async></script>`,
    );
    const iframe = screen.getByRole('region', { name: 'Iframe snippet' });
    expect(iframe.textContent).toBe(
      `<iframe src="${origin()}/f/${FORM_ID}" title="Family law intake" width="100%" height="900" style="border:0"></iframe>`,
    );

    await user.click(screen.getByRole('button', { name: 'Copy script snippet' }));
    expect(await navigator.clipboard.readText()).toBe(script.textContent);
    await user.click(screen.getByRole('button', { name: 'Copy iframe snippet' }));
    expect(await navigator.clipboard.readText()).toBe(iframe.textContent);

    expect(screen.getByRole('link', { name: 'embed documentation' })).toHaveAttribute('href', `${FORM_BASE}/share/embed/docs`);
    expect(screen.getByRole('link', { name: 'Back to Share' })).toHaveAttribute('href', `${FORM_BASE}/share`);
  });

  it('escapes the form title inside the iframe snippet', async () => {
    server.use(templateHandler({ displayName: 'Smith & "Sons" <intake>' }));
    renderShare(`${FORM_BASE}/share/embed`);
    const iframe = await screen.findByRole('region', { name: 'Iframe snippet' });
    expect(iframe.textContent).toContain('title="Smith &amp; &quot;Sons&quot; &lt;intake&gt;"');
  });
});

describe('EmbedDocsPage', () => {
  it('documents installation, options, events, prefilling and security for this form', async () => {
    server.use(templateHandler());
    renderShare(`${FORM_BASE}/share/embed/docs`);

    for (const name of ['Installation', 'Options', 'Events', 'Prefilling', 'Security']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Script snippet' })).toHaveTextContent(`data-formbuilder-form="${FORM_ID}"`);
    for (const attribute of ['data-formbuilder-form', 'data-prefill', 'data-params', 'data-pass-query']) {
      expect(screen.getByRole('rowheader', { name: attribute })).toBeInTheDocument();
    }
    for (const option of ['formId', 'target', 'prefill', 'params', 'passQuery', 'minHeight', 'onSubmit']) {
      expect(screen.getByRole('rowheader', { name: option })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Event listener example' })).toHaveTextContent("addEventListener('formbuilder:submitted'");
    expect(screen.getByRole('region', { name: 'Prefill link example' })).toHaveTextContent(`${origin()}/f/${FORM_ID}?prefill=PREFILL_ID`);
    expect(screen.getByRole('link', { name: 'Prefills' })).toHaveAttribute('href', `${FORM_BASE}/share/prefills`);
  });

  it('lists every input with its data name and the values it accepts', async () => {
    server.use(templateHandler());
    renderShare(`${FORM_BASE}/share/embed/docs`);

    const table = await screen.findByRole('table', { name: /Inputs of Family intake/ });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;
    expect(within(row('Full name')).getByText('client_name')).toBeInTheDocument();
    expect(row('Full name')).toHaveTextContent('Any text');
    expect(row('Email')).toHaveTextContent('client_email');
    expect(row('Email')).toHaveTextContent('An email address');
    expect(row('Matter type')).toHaveTextContent('One option, by its text or its id');
    expect(row('Matter type')).toHaveTextContent('Family');
    expect(row('Matter type')).toHaveTextContent('opt_family');
    expect(row('Areas of concern')).toHaveTextContent('separated by commas');
    expect(row('Number of children')).toHaveTextContent('A whole number of at least 0, at most 20');

    expect(screen.getByRole('region', { name: 'Example link with URL parameters' })).toHaveTextContent(
      `${origin()}/f/${FORM_ID}?client_name=Jane+Doe&client_email=jane%40example.com`,
    );
  });
});

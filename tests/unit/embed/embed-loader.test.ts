import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFormBuilder, DEFAULT_MIN_HEIGHT, install, scriptOrigin } from '../../../src/embed/embed-loader';

const SERVER = 'https://forms.example';

function message(iframe: HTMLIFrameElement | null, data: unknown, origin = SERVER) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: iframe?.contentWindow ?? null }));
}

beforeEach(() => {
  document.body.innerHTML = '';
  delete window.FormBuilder;
});
afterEach(() => {
  delete window.FormBuilder;
  document.body.innerHTML = '';
});

describe('FormBuilder.embed', () => {
  it('inserts a titled, lazy, full-width, borderless iframe of the form', () => {
    document.body.innerHTML = '<div id="here"></div>';
    const { iframe } = createFormBuilder(window, SERVER).embed({ formId: 'form-1', target: '#here', prefill: 'p-1', params: { name: 'Jane' } });
    expect(iframe.parentElement?.id).toBe('here');
    expect(iframe.title).toBe('Form');
    expect(iframe.getAttribute('loading')).toBe('lazy');
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.border).toMatch(/^0/);
    expect(iframe.style.height).toBe(`${DEFAULT_MIN_HEIGHT}px`);
    const url = new URL(iframe.src);
    expect(url.origin + url.pathname).toBe(`${SERVER}/f/form-1`);
    expect([...url.searchParams]).toEqual([
      ['embed', '1'],
      ['parentOrigin', window.location.origin],
      ['prefill', 'p-1'],
      ['name', 'Jane'],
    ]);
  });

  it('passes the host page’s query only with passQuery', () => {
    window.history.replaceState(null, '', '/landing?full_name=Ann&utm_source=ad');
    const fb = createFormBuilder(window, SERVER);
    const host = document.body.appendChild(document.createElement('div'));
    const withQuery = fb.embed({ formId: 'f', target: host, passQuery: true }).iframe;
    const without = fb.embed({ formId: 'f', target: host }).iframe;
    expect(new URL(withQuery.src).searchParams.get('full_name')).toBe('Ann');
    expect(new URL(without.src).searchParams.has('full_name')).toBe(false);
    window.history.replaceState(null, '', '/');
  });

  it('resizes on valid messages, never below minHeight', () => {
    const target = document.body.appendChild(document.createElement('div'));
    const { iframe } = createFormBuilder(window, SERVER).embed({ formId: 'form-1', target, minHeight: 120 });
    message(iframe, { type: 'formbuilder:resize', formId: 'form-1', height: 640.4 });
    expect(iframe.style.height).toBe('641px');
    message(iframe, { type: 'formbuilder:resize', formId: 'form-1', height: 40 });
    expect(iframe.style.height).toBe('120px');
  });

  it('ignores messages from other origins, other windows, other forms and malformed ones', () => {
    const target = document.body.appendChild(document.createElement('div'));
    const fb = createFormBuilder(window, SERVER);
    const { iframe } = fb.embed({ formId: 'form-1', target });
    const other = fb.embed({ formId: 'form-1', target }).iframe;
    const onSubmitted = vi.fn();
    target.addEventListener('formbuilder:submitted', onSubmitted);
    message(iframe, { type: 'formbuilder:resize', formId: 'form-1', height: 900 }, 'https://evil.example');
    message(other, { type: 'formbuilder:resize', formId: 'form-1', height: 901 });
    message(null, { type: 'formbuilder:resize', formId: 'form-1', height: 902 });
    message(iframe, { type: 'formbuilder:resize', formId: 'form-2', height: 903 });
    message(iframe, { type: 'formbuilder:resize', formId: 'form-1', height: '904' });
    message(iframe, 'formbuilder:resize');
    message(iframe, null);
    message(iframe, { type: 'formbuilder:submitted', formId: 'form-1', responseId: 'r' }, 'https://evil.example');
    expect(iframe.style.height).toBe(`${DEFAULT_MIN_HEIGHT}px`);
    expect(other.style.height).toBe('901px');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('names the iframe after the form once the form tells its title', () => {
    const target = document.body.appendChild(document.createElement('div'));
    const { iframe } = createFormBuilder(window, SERVER).embed({ formId: 'form-1', target });
    expect(iframe.title).toBe('Form');
    message(iframe, { type: 'formbuilder:title', formId: 'form-1', title: 'Accident intake' });
    expect(iframe.title).toBe('Accident intake');
    // Not from another origin, not for another form, not a title that is not text.
    message(iframe, { type: 'formbuilder:title', formId: 'form-1', title: 'Phishing' }, 'https://evil.example');
    message(iframe, { type: 'formbuilder:title', formId: 'form-2', title: 'Other form' });
    message(iframe, { type: 'formbuilder:title', formId: 'form-1', title: 42 });
    expect(iframe.title).toBe('Accident intake');
  });

  it('dispatches a bubbling formbuilder:submitted event and calls onSubmit', () => {
    const outer = document.body.appendChild(document.createElement('section'));
    const target = outer.appendChild(document.createElement('div'));
    const onSubmit = vi.fn();
    const heard = vi.fn();
    outer.addEventListener('formbuilder:submitted', (event) => heard((event as CustomEvent).detail, event.target));
    const { iframe } = createFormBuilder(window, SERVER).embed({ formId: 'form-1', target, onSubmit });
    message(iframe, { type: 'formbuilder:submitted', formId: 'form-1', responseId: 'resp-9' });
    expect(heard).toHaveBeenCalledWith({ formId: 'form-1', responseId: 'resp-9' }, target);
    expect(onSubmit).toHaveBeenCalledWith({ formId: 'form-1', responseId: 'resp-9' });
  });

  it('stops listening and removes the iframe on destroy', () => {
    const target = document.body.appendChild(document.createElement('div'));
    const handle = createFormBuilder(window, SERVER).embed({ formId: 'form-1', target, minHeight: 100 });
    handle.destroy();
    expect(target.querySelector('iframe')).toBeNull();
    message(handle.iframe, { type: 'formbuilder:resize', formId: 'form-1', height: 500 });
    expect(handle.iframe.style.height).toBe('100px');
  });

  it('refuses a target that does not exist', () => {
    expect(() => createFormBuilder(window, SERVER).embed({ formId: 'f', target: '#missing' })).toThrow(/#missing/);
  });
});

describe('auto-initialisation', () => {
  const script = () => {
    const element = document.createElement('script');
    element.src = `${SERVER}/embed.js`;
    return element;
  };

  it('embeds every [data-formbuilder-form] element with its data attributes', () => {
    document.body.innerHTML = `
      <div id="a" data-formbuilder-form="form-a" data-prefill="pre-1" data-params="name=Jane&amp;matter=family" data-min-height="300"></div>
      <div id="b" data-formbuilder-form="form-b" data-pass-query></div>
      <div id="c" data-formbuilder-form=""></div>`;
    install(window, script());
    const a = document.querySelector<HTMLIFrameElement>('#a iframe')!;
    const b = document.querySelector<HTMLIFrameElement>('#b iframe')!;
    expect(new URL(a.src).origin).toBe(SERVER);
    expect([...new URL(a.src).searchParams]).toEqual([
      ['embed', '1'],
      ['parentOrigin', window.location.origin],
      ['prefill', 'pre-1'],
      ['name', 'Jane'],
      ['matter', 'family'],
    ]);
    expect(a.style.height).toBe('300px');
    expect(new URL(b.src).pathname).toBe('/f/form-b');
    expect(document.querySelector('#c iframe')).toBeNull();
    expect(typeof window.FormBuilder?.embed).toBe('function');
  });

  it('is idempotent when the script is included twice', () => {
    document.body.innerHTML = '<div data-formbuilder-form="form-a"></div>';
    const first = install(window, script());
    const second = install(window, script());
    expect(second).toBe(first);
    first.init();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    document.body.insertAdjacentHTML('beforeend', '<div data-formbuilder-form="form-b"></div>');
    window.FormBuilder!.init();
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
  });

  it('embeds elements parsed after the script once the document is ready', () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    install(window, script());
    document.body.innerHTML = '<div data-formbuilder-form="late"></div>';
    readyState.mockRestore();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('takes the server origin from the script’s src', () => {
    expect(scriptOrigin(window, script())).toBe(SERVER);
    document.body.innerHTML = '<script src="https://other.example/embed.js?v=2"></script>';
    expect(scriptOrigin(window, null)).toBe('https://other.example');
  });
});

/**
 * window.FormBuilder: puts a form into a firm's page as an iframe of the respondent page and keeps the iframe as tall
 * as the form (the page posts its height; see src/respondent/embed-bridge.ts). Plain DOM, no dependencies: it ships as
 * /embed.js (≤ 2 KB min+gzip, BENCHMARKS.md).
 */
import { buildEmbedUrl } from './embed-url';
import type { EmbedParams } from './embed-url';

interface SubmittedDetail {
  formId: string;
  responseId: string;
}

interface EmbedOptions {
  formId: string;
  /** The element to put the form in, or a selector for it. */
  target: Element | string;
  prefill?: string | null;
  params?: EmbedParams;
  /** Pass the host page's query string on to the form (URL parameters named by an input's dataName prefill it). */
  passQuery?: boolean;
  /** Height in px before the form reports its own, and the least it may shrink to (default 200). */
  minHeight?: number;
  onSubmit?: (detail: SubmittedDetail) => void;
}

interface EmbedHandle {
  iframe: HTMLIFrameElement;
  destroy: () => void;
}

export interface FormBuilderApi {
  embed: (options: EmbedOptions) => EmbedHandle;
  /** Embeds every not yet embedded `[data-formbuilder-form]` element under `root`. */
  init: (root?: ParentNode) => void;
}

declare global {
  interface Window {
    FormBuilder?: FormBuilderApi;
  }
}

export const DEFAULT_MIN_HEIGHT = 200;

/** The origin embed.js was loaded from: forms are served from there. */
export function scriptOrigin(win: Window, script: Element | null): string {
  const doc = win.document;
  const found = (script as HTMLScriptElement | null)?.src ? (script as HTMLScriptElement) : [...doc.querySelectorAll<HTMLScriptElement>('script[src*="embed.js"]')].pop();
  return found ? new URL(found.src, win.location.href).origin : win.location.origin;
}

export function createFormBuilder(win: Window, serverOrigin: string): FormBuilderApi {
  const doc = win.document;
  const embedded = new WeakSet<Element>();

  const embed = (options: EmbedOptions): EmbedHandle => {
    const container = typeof options.target === 'string' ? doc.querySelector(options.target) : options.target;
    if (!container) throw new Error(`FormBuilder: no element ${String(options.target)}`);
    const { formId, onSubmit } = options;
    const minHeight = options.minHeight ?? DEFAULT_MIN_HEIGHT;
    const iframe = doc.createElement('iframe');
    iframe.src = buildEmbedUrl({
      serverOrigin,
      formId,
      parentOrigin: win.location.origin,
      prefill: options.prefill,
      params: options.params,
      hostQuery: options.passQuery ? win.location.search : null,
    });
    // Until the form tells its name (formbuilder:title).
    iframe.title = 'Form';
    iframe.setAttribute('loading', 'lazy');
    iframe.style.cssText = `display:block;width:100%;border:0;height:${minHeight}px`;
    embedded.add(container);
    container.appendChild(iframe);

    const onMessage = (event: MessageEvent) => {
      // Only our server's page in this very iframe may resize it or report a response.
      if (event.origin !== serverOrigin || event.source !== iframe.contentWindow) return;
      const data = event.data;
      if (!data || data.formId !== formId) return;
      if (data.type === 'formbuilder:resize' && typeof data.height === 'number' && data.height >= 0) {
        iframe.style.height = `${Math.max(minHeight, Math.ceil(data.height))}px`;
      } else if (data.type === 'formbuilder:title' && typeof data.title === 'string') {
        iframe.title = data.title;
      } else if (data.type === 'formbuilder:submitted') {
        const detail: SubmittedDetail = { formId, responseId: String(data.responseId) };
        container.dispatchEvent(new CustomEvent('formbuilder:submitted', { bubbles: true, detail }));
        onSubmit?.(detail);
      }
    };
    win.addEventListener('message', onMessage);
    return {
      iframe,
      destroy() {
        win.removeEventListener('message', onMessage);
        iframe.remove();
        embedded.delete(container);
      },
    };
  };

  const init = (root: ParentNode = doc) => {
    root.querySelectorAll('[data-formbuilder-form]').forEach((element) => {
      const formId = element.getAttribute('data-formbuilder-form');
      if (!formId || embedded.has(element)) return;
      const passQuery = element.getAttribute('data-pass-query');
      embed({
        formId,
        target: element,
        prefill: element.getAttribute('data-prefill'),
        params: element.getAttribute('data-params'),
        passQuery: passQuery !== null && passQuery !== 'false',
        minHeight: Number(element.getAttribute('data-min-height')) || undefined,
      });
    });
  };

  return { embed, init };
}

/**
 * Sets up window.FormBuilder and embeds the page's `[data-formbuilder-form]` elements, now and once the document is
 * parsed (an async script may run before the elements after it exist). A second copy of the script reuses the first's
 * FormBuilder, so nothing is embedded twice.
 */
export function install(win: Window, script: Element | null): FormBuilderApi {
  const api = win.FormBuilder?.init ? win.FormBuilder : (win.FormBuilder = createFormBuilder(win, scriptOrigin(win, script)));
  const init = () => api.init();
  init();
  if (win.document.readyState === 'loading') win.document.addEventListener('DOMContentLoaded', init);
  return api;
}

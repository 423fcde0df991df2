/**
 * The respondent page inside an embed (`?embed=1`): it tells the parent page its height, its title (the iframe's
 * accessible name) and when a response was sent, with postMessage to exactly the origin named by `parentOrigin` (src/embed/ checks the other direction).
 * Nothing is posted when that parameter is not an http(s) origin or the page is not framed.
 */

const RESIZE_MESSAGE = 'formbuilder:resize';
const SUBMITTED_MESSAGE = 'formbuilder:submitted';
const TITLE_MESSAGE = 'formbuilder:title';

export interface EmbedSettings {
  embedded: boolean;
  /** The origin to post to; null when missing or not an http(s) origin. */
  parentOrigin: string | null;
}

/** `value` as an origin (`https://firm.example`), or null unless it is an http(s) origin and nothing more. */
export function parseParentOrigin(value: string | null): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // `https://firm.example/` names the origin too; a path, query, fragment or credentials do not.
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  return url.origin;
}

export function readEmbedSettings(params: URLSearchParams): EmbedSettings {
  const embedded = params.get('embed') === '1';
  return { embedded, parentOrigin: embedded ? parseParentOrigin(params.get('parentOrigin')) : null };
}

export interface ParentMessenger {
  resized: (height: number) => void;
  /** The page's title (the form's name), which the embed loader gives the iframe as its title. */
  titled: (title: string) => void;
  submitted: (responseId: string) => void;
}

/** The page's window, or a stand-in in tests. */
export interface MessengerWindow {
  parent: Pick<Window, 'postMessage'> | null;
}

/** Posts to the parent page; every call is a no-op when there is nowhere safe to post. */
export function createParentMessenger(win: MessengerWindow, formId: string, settings: EmbedSettings): ParentMessenger {
  // A page that is not framed is its own parent.
  const parent = win.parent && (win.parent as unknown) !== win ? win.parent : null;
  const origin = settings.embedded ? settings.parentOrigin : null;
  const post = (message: Record<string, unknown>) => {
    if (parent && origin) parent.postMessage(message, origin);
  };
  let lastHeight = -1;
  return {
    resized(height) {
      const rounded = Math.ceil(height);
      if (rounded === lastHeight) return;
      lastHeight = rounded;
      post({ type: RESIZE_MESSAGE, formId, height: rounded });
    },
    titled(title) {
      post({ type: TITLE_MESSAGE, formId, title });
    },
    submitted(responseId) {
      post({ type: SUBMITTED_MESSAGE, formId, responseId });
    },
  };
}

/** Reports `element`'s height now and whenever it changes. Returns a stop function. */
export function observeHeight(element: Element, onHeight: (height: number) => void): () => void {
  const report = () => onHeight(element.getBoundingClientRect().height);
  report();
  if (typeof ResizeObserver !== 'function') return () => {};
  const observer = new ResizeObserver(report);
  observer.observe(element);
  return () => observer.disconnect();
}

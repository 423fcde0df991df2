/**
 * Rich text (spec §4/§5, FORM-DOCUMENT.md): the HTML held in presentation `content` and section `description`.
 *
 * Pure TypeScript — no DOM — because the server, the builder and the respondent page all call it. The sanitiser is an
 * allow-list rewriter over a small HTML tokenizer: it never tries to repair hostile markup, it only re-emits the tags
 * and attributes it knows, escaped, with every element closed. Anything it does not understand becomes text or vanishes.
 */

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** Tags kept by the sanitiser (attributes are dropped, except a safe href on links). */
const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote',
]);
const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'param', 'source', 'track', 'wbr']);
/** Elements whose whole content goes with them (code, styles, embedded documents, form controls). */
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script', 'style', 'template', 'iframe', 'object', 'svg', 'math', 'noscript', 'noembed', 'noframes', 'title', 'textarea',
  'select', 'xmp', 'plaintext', 'head', 'frameset',
]);
/** Elements whose content the HTML parser reads as raw text up to the matching end tag. */
const RAW_TEXT_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext']);
const BLOCK_TAGS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'div', 'tr', 'section', 'article', 'header', 'footer']);

export const LINK_REL = 'noopener noreferrer nofollow';
export const LINK_TARGET = '_blank';

// ---- Tokenizer ----

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'start'; name: string; attrs: Map<string, string> | null; selfClosing: boolean }
  | { kind: 'end'; name: string };

// Sticky (`y`) patterns matched at an index: the tokenizer never copies the rest of the input, so its work is linear in
// the input's length (an 8 MB form full of markup must not hold the event loop for seconds).
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/** End of the tag name (`[a-zA-Z][a-zA-Z0-9-]*`) starting at `start`, or `start` when there is none. */
function tagNameEnd(html: string, start: number): number {
  let end = start;
  for (;;) {
    const code = html.charCodeAt(end);
    const letter = (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
    if (!(letter || (end > start && ((code >= 48 && code <= 57) || code === 45)))) return end;
    end += 1;
  }
}

function matchAt(pattern: RegExp, html: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(html);
}

/** What `\s` matches in the attribute pattern (ECMAScript white space and line terminators). */
function isHtmlSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(String.fromCharCode(code)));
}

/** `</name` followed by a space, `/`, `>` or the end, found from an index on (cached per raw-text tag). */
const rawTextEnds = new Map<string, RegExp>();
function rawTextEnd(html: string, tagName: string, from: number): number {
  let pattern = rawTextEnds.get(tagName);
  if (!pattern) rawTextEnds.set(tagName, (pattern = new RegExp(`</${tagName}(?:[\\s/>]|$)`, 'gi')));
  pattern.lastIndex = from;
  const found = pattern.exec(html);
  return found ? found.index : html.length;
}

/**
 * Splits HTML into text, start tags and end tags, handed to `visit` one by one (no array of them: an 8 MB form has
 * millions, and keeping them alive made garbage collection the largest cost); comments, doctypes and processing
 * instructions disappear.
 */
function tokenize(html: string, visit: (token: Token) => void): void {
  let i = 0;
  let text = '';
  const flushText = () => {
    if (text) visit({ kind: 'text', text });
    text = '';
  };
  /** Index just past the next '>' from `from`, or the end when there is none. */
  const pastClose = (from: number) => {
    const close = html.indexOf('>', from);
    return close === -1 ? html.length : close + 1;
  };
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    i = lt;
    if (html.startsWith('!--', i + 1)) {
      const close = html.indexOf('-->', i + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    if (html[i + 1] === '!' || html[i + 1] === '?') {
      i = pastClose(i);
      continue;
    }
    if (html[i + 1] === '/') {
      const nameEnd = tagNameEnd(html, i + 2);
      // `</` not followed by a name: the parser drops it up to '>' (a bogus comment).
      if (nameEnd > i + 2) {
        flushText();
        visit({ kind: 'end', name: html.slice(i + 2, nameEnd).toLowerCase() });
      }
      i = pastClose(i);
      continue;
    }
    const nameEnd = tagNameEnd(html, i + 1);
    if (nameEnd === i + 1) {
      // A lone '<' is text.
      text += '<';
      i += 1;
      continue;
    }
    flushText();
    const tagName = html.slice(i + 1, nameEnd).toLowerCase();
    let j = nameEnd;
    let attrs: Map<string, string> | null = null;
    let selfClosing = false;
    for (;;) {
      let at = j;
      while (at < html.length && isHtmlSpace(html.charCodeAt(at))) at += 1;
      if (at >= html.length) {
        j = html.length;
        break;
      }
      if (html[at] === '>') {
        j = at + 1;
        break;
      }
      if (html[at] === '/') {
        j = at + 1;
        if (html[j] === '>') {
          selfClosing = true;
          j += 1;
          break;
        }
        continue;
      }
      const match = matchAt(ATTRIBUTE, html, at);
      if (!match) {
        j = at + 1; // skip a stray character such as a quote
        continue;
      }
      const attrName = match[1].toLowerCase();
      attrs ??= new Map<string, string>();
      if (!attrs.has(attrName)) attrs.set(attrName, match[2] ?? match[3] ?? match[4] ?? '');
      j = at + match[0].length;
    }
    visit({ kind: 'start', name: tagName, attrs, selfClosing });
    i = j;
    if (RAW_TEXT_TAGS.has(tagName) && !selfClosing) {
      // Raw text: everything up to the matching end tag is content, never markup.
      const end = rawTextEnd(html, tagName, i);
      if (end > i) visit({ kind: 'text', text: html.slice(i, end) });
      i = end;
    }
  }
  flushText();
}

// ---- Entities ----

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', tab: '\t', newline: '\n', sol: '/',
  lpar: '(', rpar: ')', period: '.', comma: ',', semi: ';', equals: '=', num: '#', excl: '!', quest: '?',
};

/** Decodes numeric entities and the common named ones; others are left as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[body.toLowerCase()];
    return named !== undefined && (whole.endsWith(';') || body.length <= 4) ? named : whole;
  });
}

/** Text for HTML: keeps well-formed entities as written (spec: entities kept), escapes everything else. */
function escapeText(text: string): string {
  if (!/[&<>]/.test(text)) return text;
  return text
    .replace(/&(?!(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The href to keep, or null: absolute http(s) and mailto only, checked after decoding entities and control characters. */
export function safeHref(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const href = decodeEntities(raw).replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (!/^(https?:\/\/[^\s/]|mailto:[^\s])/i.test(href)) return null;
  return href;
}

// ---- Sanitiser ----

/**
 * Keeps p, br, h1–h6, strong, b, em, i, u, s, a (safe href; rel and target forced), ul, ol, li and blockquote; drops
 * every attribute, every other tag (their text stays) and scripts, styles and embedded documents with their content.
 * The result is balanced: each kept element is closed.
 */
export function sanitizeRichText(html: string): string {
  if (!html) return '';
  let out = '';
  /** Open kept elements, innermost last; 'a:unwrapped' stands for an <a> without a safe href, so its end tag still matches. */
  const open: string[] = [];
  /** How many of each kept element are open ('a' counts both kinds): an end tag with none open is dropped at once, not
   * searched for down the whole stack (which made thousands of stray end tags quadratic). */
  const openCount = new Map<string, number>();
  const opened = (name: string) => {
    open.push(name);
    const key = name === 'a:unwrapped' ? 'a' : name;
    openCount.set(key, (openCount.get(key) ?? 0) + 1);
  };
  const closeInnermost = (): string => {
    const closing = open.pop()!;
    const key = closing === 'a:unwrapped' ? 'a' : closing;
    openCount.set(key, openCount.get(key)! - 1);
    return closing;
  };
  let dropDepth = 0;
  let dropping: string | null = null;

  tokenize(html, (token) => {
    if (dropping) {
      if (token.kind === 'start' && token.name === dropping && !token.selfClosing) dropDepth += 1;
      if (token.kind === 'end' && token.name === dropping) {
        dropDepth -= 1;
        if (dropDepth === 0) dropping = null;
      }
      return;
    }
    switch (token.kind) {
      case 'text':
        out += escapeText(token.text);
        break;
      case 'start': {
        const { name } = token;
        if (DROPPED_WITH_CONTENT.has(name)) {
          if (!token.selfClosing && !VOID_TAGS.has(name)) {
            dropping = name;
            dropDepth = 1;
          }
          break;
        }
        if (!ALLOWED_TAGS.has(name)) break;
        if (name === 'br') {
          out += '<br>';
          break;
        }
        if (name === 'a') {
          const href = safeHref(token.attrs?.get('href') ?? '');
          if (href === null) {
            opened('a:unwrapped');
            break;
          }
          out += `<a href="${escapeAttribute(href)}" rel="${LINK_REL}" target="${LINK_TARGET}">`;
          opened('a');
          break;
        }
        out += `<${name}>`;
        opened(name);
        break;
      }
      case 'end': {
        const { name } = token;
        if (!ALLOWED_TAGS.has(name) || name === 'br') break;
        // Close back to the matching element; an end tag with no open element is dropped.
        if (!openCount.get(name)) break;
        for (;;) {
          const closing = closeInnermost();
          if (closing !== 'a:unwrapped') out += `</${closing}>`;
          if (closing === name || (name === 'a' && closing === 'a:unwrapped')) break;
        }
        break;
      }
    }
  });
  while (open.length) {
    const closing = open.pop()!;
    if (closing !== 'a:unwrapped') out += `</${closing}>`;
  }
  return out;
}

// ---- Text and emptiness ----

/**
 * The text a reader sees: tags removed (blocks and <br> become line breaks, blank lines dropped), scripts and styles
 * dropped, entities decoded, runs of spaces collapsed, trimmed.
 */
export function richTextToPlainText(html: string): string {
  if (!html) return '';
  const parts: string[] = [];
  let dropping: string | null = null;
  tokenize(html, (token) => {
    if (dropping) {
      if (token.kind === 'end' && token.name === dropping) dropping = null;
      return;
    }
    if (token.kind === 'text') parts.push(decodeEntities(token.text).replace(/[ \t\r\n\f]+/g, ' '));
    else if (token.kind === 'start') {
      if (DROPPED_WITH_CONTENT.has(token.name) && !token.selfClosing && !VOID_TAGS.has(token.name)) dropping = token.name;
      else if (token.name === 'br') parts.push('\n');
      else if (BLOCK_TAGS.has(token.name)) parts.push('\n');
    } else if (BLOCK_TAGS.has(token.name)) parts.push('\n');
  });
  return parts
    .join('')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n')
    .trim();
}

/** Spec §5: content made only of markup tags, whitespace and non-breaking spaces is empty. */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  if (!html) return true;
  return richTextToPlainText(html).replace(/\s|\u00a0|\u200b|\u200c|\u200d|\u2060|\ufeff/g, '') === '';
}

// ---- Heading levels ----

export const HEADING_LEVELS: readonly HeadingLevel[] = [1, 2, 3, 4, 5, 6];
export const DEFAULT_HEADING_LEVEL: HeadingLevel = 2;

function isHeadingLevel(value: unknown): value is HeadingLevel {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

/** The level of the first heading tag in `html`; 2 (the new-heading default) when there is none. */
export function headingLevelOf(html: string): HeadingLevel {
  const match = /<h([1-6])[\s>/]/i.exec(html ?? '');
  return match ? (Number(match[1]) as HeadingLevel) : DEFAULT_HEADING_LEVEL;
}

/**
 * `html` as a heading of `level`: heading tags are renumbered, paragraphs become headings, and bare inline content is
 * wrapped. Empty content stays ''.
 */
export function withHeadingLevel(html: string, level: HeadingLevel): string {
  if (!isHeadingLevel(level)) throw new RangeError(`Heading level must be 1 to 6, got ${String(level)}`);
  if (!html || !html.trim()) return '';
  const tag = `h${level}`;
  if (/<(h[1-6]|p)[\s>/]/i.test(html)) {
    return html.replace(/<(\/?)(h[1-6]|p)(?=[\s>/])([^<>]*)>/gi, (_whole, slash: string) => `<${slash}${tag}>`);
  }
  return `<${tag}>${html}</${tag}>`;
}

/**
 * jsdom has no layout: ProseMirror's scrolling and coordinate lookups need these to exist (they return empty boxes).
 * Import this module before rendering an editor.
 */
const emptyRect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
const emptyRectList = Object.assign([] as DOMRect[], { item: () => null }) as unknown as DOMRectList;

if (typeof Range !== 'undefined') {
  Range.prototype.getClientRects ??= () => emptyRectList;
  Range.prototype.getBoundingClientRect ??= () => emptyRect;
}
if (typeof Document !== 'undefined') {
  Document.prototype.elementFromPoint ??= () => null;
}
// prosemirror-view warns when its stylesheet is missing; vitest does not load CSS files, so add the one rule it checks.
if (typeof document !== 'undefined' && !document.getElementById('rich-text-jsdom-style')) {
  const style = document.createElement('style');
  style.id = 'rich-text-jsdom-style';
  style.textContent = '.ProseMirror { white-space: pre-wrap; }';
  document.head.appendChild(style);
}
export {};

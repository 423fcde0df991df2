import { describe, expect, it, vi } from 'vitest';
import { createParentMessenger, observeHeight, parseParentOrigin, readEmbedSettings } from '../../../src/respondent/embed-bridge';

describe('parentOrigin', () => {
  it('accepts http(s) origins only', () => {
    expect(parseParentOrigin('https://firm.example')).toBe('https://firm.example');
    expect(parseParentOrigin('https://firm.example/')).toBe('https://firm.example');
    expect(parseParentOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(parseParentOrigin('HTTPS://Firm.Example:443')).toBe('https://firm.example');
    for (const bad of [null, '', '*', 'null', 'firm.example', 'javascript:alert(1)', 'file:///x', 'https://firm.example/path', 'https://a@firm.example', 'https://firm.example?x=1']) {
      expect(parseParentOrigin(bad)).toBeNull();
    }
  });

  it('counts only with embed=1', () => {
    expect(readEmbedSettings(new URLSearchParams('embed=1&parentOrigin=https%3A%2F%2Ffirm.example'))).toEqual({ embedded: true, parentOrigin: 'https://firm.example' });
    expect(readEmbedSettings(new URLSearchParams('parentOrigin=https%3A%2F%2Ffirm.example'))).toEqual({ embedded: false, parentOrigin: null });
  });
});

describe('messages to the parent page', () => {
  const framed = () => {
    const parent = { postMessage: vi.fn() };
    return { win: { parent }, parent };
  };

  it('posts resize (only when the height changes), the title and submitted to the parent origin', () => {
    const { win, parent } = framed();
    const messenger = createParentMessenger(win, 'form-1', { embedded: true, parentOrigin: 'https://firm.example' });
    messenger.resized(300.2);
    messenger.resized(301);
    messenger.resized(480);
    messenger.titled('Accident intake');
    messenger.submitted('resp-1');
    expect(parent.postMessage.mock.calls).toEqual([
      [{ type: 'formbuilder:resize', formId: 'form-1', height: 301 }, 'https://firm.example'],
      [{ type: 'formbuilder:resize', formId: 'form-1', height: 480 }, 'https://firm.example'],
      [{ type: 'formbuilder:title', formId: 'form-1', title: 'Accident intake' }, 'https://firm.example'],
      [{ type: 'formbuilder:submitted', formId: 'form-1', responseId: 'resp-1' }, 'https://firm.example'],
    ]);
  });

  it('posts nothing without a valid origin, outside an embed, or when not framed', () => {
    const { win, parent } = framed();
    createParentMessenger(win, 'f', { embedded: true, parentOrigin: null }).submitted('r');
    createParentMessenger(win, 'f', { embedded: false, parentOrigin: 'https://firm.example' }).resized(10);
    const top = { parent: null as unknown as { postMessage: () => void } };
    top.parent = top as unknown as { postMessage: () => void };
    createParentMessenger(top, 'f', { embedded: true, parentOrigin: 'https://firm.example' }).resized(10);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('reports the element’s height at once and on every resize', () => {
    let callback: ResizeObserverCallback = () => {};
    const observe = vi.fn();
    const disconnect = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: ResizeObserverCallback) {
          callback = cb;
        }
        observe = observe;
        disconnect = disconnect;
      },
    );
    const element = document.createElement('div');
    let height = 120;
    element.getBoundingClientRect = () => ({ height }) as DOMRect;
    const heights: number[] = [];
    const stop = observeHeight(element, (h) => heights.push(h));
    height = 340;
    callback([], {} as ResizeObserver);
    stop();
    expect(heights).toEqual([120, 340]);
    expect(observe).toHaveBeenCalledWith(element);
    expect(disconnect).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});

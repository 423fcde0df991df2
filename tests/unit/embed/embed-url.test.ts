import { describe, expect, it } from 'vitest';
import { buildEmbedUrl } from '../../../src/embed/embed-url';

const base = { serverOrigin: 'https://forms.example', formId: 'abc-123', parentOrigin: 'https://firm.example' };
const queryOf = (url: string) => [...new URL(url).searchParams];

describe('embed iframe URL', () => {
  it('points at the respondent page with embed=1 and the parent origin', () => {
    const url = buildEmbedUrl(base);
    expect(url).toBe('https://forms.example/f/abc-123?embed=1&parentOrigin=https%3A%2F%2Ffirm.example');
    expect(new URL(url).searchParams.get('parentOrigin')).toBe('https://firm.example');
  });

  it('adds the prefill and the params, from a query string or an object', () => {
    expect(queryOf(buildEmbedUrl({ ...base, prefill: 'p-1', params: 'name=Jane&matter=family' }))).toEqual([
      ['embed', '1'],
      ['parentOrigin', 'https://firm.example'],
      ['prefill', 'p-1'],
      ['name', 'Jane'],
      ['matter', 'family'],
    ]);
    expect(queryOf(buildEmbedUrl({ ...base, params: { name: 'Jane', age: 42 } }))).toEqual([
      ['embed', '1'],
      ['parentOrigin', 'https://firm.example'],
      ['name', 'Jane'],
      ['age', '42'],
    ]);
  });

  it('encodes the form id, values and names', () => {
    const url = buildEmbedUrl({ ...base, formId: 'a/b?c', params: { 'full name': 'Jane & Joe=1', note: 'ünï 100%' } });
    expect(url.startsWith('https://forms.example/f/a%2Fb%3Fc?')).toBe(true);
    expect(new URL(url).searchParams.get('full name')).toBe('Jane & Joe=1');
    expect(new URL(url).searchParams.get('note')).toBe('ünï 100%');
    expect(url).not.toMatch(/Jane & Joe/);
  });

  it('passes the host page’s query when asked, without overriding the embed’s own values', () => {
    const url = buildEmbedUrl({ ...base, params: { name: 'Jane' }, hostQuery: '?name=Mallory&utm_source=mail&matter=family' });
    expect(queryOf(url)).toEqual([
      ['embed', '1'],
      ['parentOrigin', 'https://firm.example'],
      ['name', 'Jane'],
      ['utm_source', 'mail'],
      ['matter', 'family'],
    ]);
  });

  it('never lets params or the host query change embed or parentOrigin', () => {
    const url = buildEmbedUrl({ ...base, params: 'embed=0&parentOrigin=https://evil.example', hostQuery: '?parentorigin=https://evil.example&EMBED=0&x=1' });
    expect(queryOf(url)).toEqual([
      ['embed', '1'],
      ['parentOrigin', 'https://firm.example'],
      ['x', '1'],
    ]);
  });

  it('takes a prefill from the host query only when the embed names none', () => {
    expect(new URL(buildEmbedUrl({ ...base, hostQuery: '?prefill=from-host' })).searchParams.getAll('prefill')).toEqual(['from-host']);
    expect(new URL(buildEmbedUrl({ ...base, prefill: 'mine', hostQuery: '?prefill=from-host' })).searchParams.getAll('prefill')).toEqual(['mine']);
  });

  it('keeps repeated params (several checkbox values)', () => {
    expect(new URL(buildEmbedUrl({ ...base, params: 'contact_by=phone&contact_by=email' })).searchParams.getAll('contact_by')).toEqual(['phone', 'email']);
  });
});

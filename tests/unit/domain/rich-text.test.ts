import { describe, expect, it } from 'vitest';
import {
  headingLevelOf,
  isRichTextEmpty,
  LINK_REL,
  LINK_TARGET,
  richTextToPlainText,
  safeHref,
  sanitizeRichText,
  withHeadingLevel,
} from '../../../src/domain/rich-text';

describe('isRichTextEmpty', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<h2> </h2>', true],
    ['<p>&nbsp;</p>', true],
    ['<p>&nbsp; &#160;<br/></p><p>\n\t</p>', true],
    ['<p><strong></strong><em> </em></p>', true],
    ['<ul><li><p></p></li></ul>', true],
    ['<p>\u00a0\u200b</p>', true],
    ['<script>alert(1)</script>', true],
    ['<p>x</p>', false],
    ['<h2>Heading</h2>', false],
    ['plain words', false],
    ['<p>&amp;</p>', false],
    ['<p>0</p>', false],
  ])('%j → %s', (html, expected) => {
    expect(isRichTextEmpty(html)).toBe(expected);
  });

  it('treats null and undefined as empty', () => {
    expect(isRichTextEmpty(null)).toBe(true);
    expect(isRichTextEmpty(undefined)).toBe(true);
  });
});

describe('sanitizeRichText', () => {
  it('keeps every allowed tag', () => {
    const html =
      '<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6><p><strong>g</strong><b>h</b><em>i</em><i>j</i><u>k</u><s>l</s>m<br>n</p>' +
      '<ul><li>o</li></ul><ol><li>p</li></ol><blockquote>q</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes script and style elements with their content', () => {
    expect(sanitizeRichText('<p>a<script>alert("x")</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<style>p{color:red}</style><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<SCRIPT type="text/javascript">evil()</SCRIPT ><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<p>a</p><script>never closed')).toBe('<p>a</p>');
    expect(sanitizeRichText('<script><p>not markup</p></script>after')).toBe('after');
    expect(sanitizeRichText('<iframe src="https://e.test"></iframe><svg><script>x</script></svg>x')).toBe('x');
  });

  it('drops event handler attributes and every other attribute', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" class="c" id="i" style="color:red">a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<strong onmouseover=alert(1)>b</strong>')).toBe('<strong>b</strong>');
    expect(sanitizeRichText('<img src=x onerror="alert(1)">text')).toBe('text');
    expect(sanitizeRichText('<p style="background:url(javascript:alert(1))">s</p>')).toBe('<p>s</p>');
  });

  it('drops javascript:, data: and obfuscated links but keeps the text', () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href=" &#106;avascript:alert(1)">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href="java&#x09;script:alert(1)">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href="data:text/html,<script>alert(1)</script>">x</a>')).toBe('x');
    expect(sanitizeRichText('<a href="/relative">x</a>')).toBe('x');
    expect(sanitizeRichText('<a>x</a>')).toBe('x');
  });

  it('keeps http(s) and mailto links and forces rel and target', () => {
    expect(sanitizeRichText('<a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener" onclick="x()">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeRichText("<a href='http://e.test'>y</a>")).toBe('<a href="http://e.test" rel="noopener noreferrer nofollow" target="_blank">y</a>');
    expect(sanitizeRichText('<a href="mailto:a@b.test">m</a>')).toContain('href="mailto:a@b.test"');
  });

  it('cannot be tricked into breaking out of an attribute', () => {
    const out = sanitizeRichText('<a href="https://e.test/&quot;onmouseover=&quot;alert(1)">x</a>');
    expect(out).toBe('<a href="https://e.test/&quot;onmouseover=&quot;alert(1)" rel="noopener noreferrer nofollow" target="_blank">x</a>');
  });

  it('removes unknown tags but keeps their text', () => {
    expect(sanitizeRichText('<div><span class="x">Hello</span> <font color=red>there</font></div>')).toBe('Hello there');
    expect(sanitizeRichText('<table><tr><td>cell</td></tr></table>')).toBe('cell');
  });

  it('drops comments, doctypes and processing instructions', () => {
    expect(sanitizeRichText('<!DOCTYPE html><!-- <script>alert(1)</script> --><?xml x?><p>a</p>')).toBe('<p>a</p>');
  });

  it('keeps entities and escapes stray markup characters', () => {
    expect(sanitizeRichText('<p>Tom &amp; Jerry&nbsp;&lt;3 &#169;</p>')).toBe('<p>Tom &amp; Jerry&nbsp;&lt;3 &#169;</p>');
    expect(sanitizeRichText('<p>a < b && c > d</p>')).toBe('<p>a &lt; b &amp;&amp; c &gt; d</p>');
  });

  it('balances tags: closes open ones and drops unmatched end tags', () => {
    expect(sanitizeRichText('<p><strong>bold')).toBe('<p><strong>bold</strong></p>');
    expect(sanitizeRichText('text</em></p>')).toBe('text');
    expect(sanitizeRichText('<p><em>a</p>b')).toBe('<p><em>a</em></p>b');
  });

  it('normalises case and self-closing breaks', () => {
    expect(sanitizeRichText('<P>A<BR/>B</P>')).toBe('<p>A<br>B</p>');
  });

  it('is idempotent', () => {
    const dirty = '<p onclick=x>a<a href="https://e.test">b</a><script>c</script><em>d</p>';
    const once = sanitizeRichText(dirty);
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('safeHref', () => {
  it('accepts http, https and mailto only', () => {
    expect(safeHref('https://e.test')).toBe('https://e.test');
    expect(safeHref('  HTTP://e.test  ')).toBe('HTTP://e.test');
    expect(safeHref('mailto:a@b.test')).toBe('mailto:a@b.test');
    expect(safeHref('ftp://e.test')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref('https:')).toBeNull();
  });
});

describe('heading levels', () => {
  it('reads the first heading level, defaulting to 2', () => {
    expect(headingLevelOf('<h1>a</h1>')).toBe(1);
    expect(headingLevelOf('<H4 class="x">a</H4><h2>b</h2>')).toBe(4);
    expect(headingLevelOf('<h6>a</h6>')).toBe(6);
    expect(headingLevelOf('<p>a</p>')).toBe(2);
    expect(headingLevelOf('')).toBe(2);
    expect(headingLevelOf('<header>x</header>')).toBe(2);
  });

  it('sets the level of headings, paragraphs and bare text', () => {
    expect(withHeadingLevel('<h2>Heading</h2>', 4)).toBe('<h4>Heading</h4>');
    expect(withHeadingLevel('<h1>A <strong>b</strong></h1>', 6)).toBe('<h6>A <strong>b</strong></h6>');
    expect(withHeadingLevel('<p>Text</p>', 1)).toBe('<h1>Text</h1>');
    expect(withHeadingLevel('Just text', 3)).toBe('<h3>Just text</h3>');
    expect(withHeadingLevel('<pre>x</pre>', 3)).toBe('<h3><pre>x</pre></h3>');
    expect(withHeadingLevel('', 3)).toBe('');
    for (const level of [1, 2, 3, 4, 5, 6] as const) expect(headingLevelOf(withHeadingLevel('<h2>x</h2>', level))).toBe(level);
  });

  it('refuses levels outside 1–6', () => {
    expect(() => withHeadingLevel('<h2>x</h2>', 7 as never)).toThrow(RangeError);
    expect(() => withHeadingLevel('<h2>x</h2>', 0 as never)).toThrow(RangeError);
  });
});

describe('richTextToPlainText', () => {
  it('strips tags, decodes entities and keeps block breaks', () => {
    expect(richTextToPlainText('<h2>Title</h2><p>Tom &amp; <strong>Jerry</strong></p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Title\nTom & Jerry\none\ntwo',
    );
    expect(richTextToPlainText('<p>a<br>b</p>')).toBe('a\nb');
    expect(richTextToPlainText('<p>  lots   of\n space </p>')).toBe('lots of space');
    expect(richTextToPlainText('<style>x</style><p>y</p>')).toBe('y');
  });
});

describe('cost of hostile input', () => {
  // Each of these took 2.5 s at 400,000 characters when an end tag searched the whole open-element stack or each raw
  // text element copied the rest of the input: quadratic. Linear, each is a few tens of ms.
  const size = 400_000;
  const hostile: Record<string, string> = {
    'stray end tags under many open elements': '<b>'.repeat(size / 8) + '</i>'.repeat(size / 8),
    'unwrapped links closed by stray end tags': '<a>'.repeat(size / 8) + '</b>'.repeat(size / 8),
    'many raw-text elements': '<script></script>'.repeat(size / 17),
    'many titles between kept tags': '<i><title>x</title>'.repeat(size / 20),
  };
  for (const [name, html] of Object.entries(hostile)) {
    it(`sanitises ${name} in linear time`, () => {
      const started = performance.now();
      sanitizeRichText(html);
      richTextToPlainText(html);
      expect(performance.now() - started).toBeLessThan(800);
    });
  }

  it('renumbers headings of a paragraph-start flood in linear time', () => {
    const started = performance.now();
    withHeadingLevel('<p '.repeat(size / 3), 3);
    expect(performance.now() - started).toBeLessThan(800);
  });

  it('keeps the output of the linear tokenizer for tricky markup', () => {
    expect(sanitizeRichText('<b><i>x</b>y</i><script>1</script ><script>2')).toBe('<b><i>x</i></b>y');
    expect(sanitizeRichText('<a>x</b></a><a href="https://e.test">y</A>')).toBe(
      `x<a href="https://e.test" rel="${LINK_REL}" target="${LINK_TARGET}">y</a>`,
    );
    expect(sanitizeRichText('<p\n\tclass="x" / >a<title>b</title')).toBe('<p>a</p>');
  });
});

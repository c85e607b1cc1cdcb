import { describe, expect, it } from 'vitest';
import { curlyQuotes, curlyQuotesInText } from '../../src/blog/curly-quotes';
import { renderPostHtml, sanitizePostHtml } from '../../src/blog/html';

describe('curlyQuotes', () => {
  it('turns straight double quotes in text into opening and closing curly quotes', () => {
    expect(curlyQuotes('<p>He said "it is only a bit of fat" and left.</p>')).toBe(
      '<p>He said \u201cit is only a bit of fat\u201d and left.</p>',
    );
    expect(curlyQuotes('<p>"Quoted" at the start, and ("in brackets").</p>')).toBe(
      '<p>\u201cQuoted\u201d at the start, and (\u201cin brackets\u201d).</p>',
    );
  });

  it('never touches tags or attribute values', () => {
    const html = '<p><a href="/services/cctv-drain-survey" title="A &quot;survey&quot;">a "CCTV" survey</a></p>';
    expect(curlyQuotes(html)).toBe(
      '<p><a href="/services/cctv-drain-survey" title="A &quot;survey&quot;">a \u201cCCTV\u201d survey</a></p>',
    );
  });

  it('follows quotes across inline tags and restarts after block tags', () => {
    expect(curlyQuotes('<p>"<em>Fine to Flush</em>" wipes</p><p>"Next"</p>')).toBe(
      '<p>\u201c<em>Fine to Flush</em>\u201d wipes</p><p>\u201cNext\u201d</p>',
    );
    expect(curlyQuotes('<p>said,</p><p>"x"</p>')).toBe('<p>said,</p><p>\u201cx\u201d</p>');
  });

  it('treats &quot; in text as a straight quote and entities before it sensibly', () => {
    expect(curlyQuotes('<p>a&nbsp;&quot;b&quot; and &#34;c&#34; &mdash;"d"</p>')).toBe(
      '<p>a&nbsp;\u201cb\u201d and \u201cc\u201d &mdash;\u201cd\u201d</p>',
    );
  });

  it('leaves code samples alone', () => {
    expect(curlyQuotes('<p>Type <code>"drain"</code> then "go"</p>')).toBe(
      '<p>Type <code>"drain"</code> then \u201cgo\u201d</p>',
    );
  });
});

describe('sanitizePostHtml', () => {
  it('keeps the allow-listed structure of a normal post', () => {
    const html =
      '<h2 id="signs">Signs</h2><p>Text with <strong>bold</strong>, <em>em</em> and <a href="/contact" title="Contact us">a link</a>.</p><ul><li>One</li></ul><blockquote><p>Quote</p></blockquote>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('removes script, style and iframe together with their contents', () => {
    const out = sanitizePostHtml(
      '<p>Before</p><script>alert("x")</script><style>p{}</style><iframe src="https://evil.example">inner</iframe><p>After</p>',
    );
    expect(out).toBe('<p>Before</p><p>After</p>');
  });

  it('removes event handlers, javascript: and data: URLs and unknown attributes', () => {
    const out = sanitizePostHtml(
      '<img src="/images/a.svg" onerror="alert(1)" alt="A"><a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a><a href="data:text/html,hi">z</a><p style="color:red" class="c" onclick="x()">p</p><img src="//evil.example/a.png">',
    );
    expect(out).not.toMatch(/onerror|onclick|javascript|data:|style=|class=|evil/i);
    expect(out).toBe('<img src="/images/a.svg" alt="A"><a>x</a><a>y</a><a>z</a><p>p</p><img>');
  });

  it('keeps the text of tags it does not allow and escapes stray markup', () => {
    expect(sanitizePostHtml('<div><span>kept</span></div><h1>Title</h1>')).toBe('keptTitle');
    expect(sanitizePostHtml('<p>a <b>b</b></p><svg><script>x</script></svg><object data="x">o</object>')).toBe(
      '<p>a <b>b</b></p>',
    );
  });

  it('renderPostHtml sanitises first, then curls the quotes of what is left', () => {
    expect(
      renderPostHtml('<p onclick="x()">"Hi" <a href="/blog" title="Our &quot;blog&quot;">blog</a></p><script>"no"</script>'),
    ).toBe('<p>\u201cHi\u201d <a href="/blog" title="Our &quot;blog&quot;">blog</a></p>');
  });
});

describe('curlyQuotesInText', () => {
  it('curls quotes in plain text such as an excerpt, leaving entity-like text as it is', () => {
    expect(curlyQuotesInText('Why "flushable" wipes &quot;fail"')).toBe('Why \u201cflushable\u201d wipes &quot;fail\u201d');
  });
});

import { htmlToText, loadSanitizer, sanitizeHtml, splitTitle } from './sanitize';

beforeAll(() => loadSanitizer());

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: URLs but keeps the content', () => {
    const dirty =
      '<h2>Terms</h2><script>alert(1)</script><p onclick="steal()">Read <a href="javascript:alert(2)">this</a></p>' +
      '<img src="x.png" onerror="steal()" alt="x"><iframe src="https://evil.test"></iframe><a href="/ok" onmouseover="x()">ok</a>';
    const clean = sanitizeHtml(dirty);
    expect(clean).not.toMatch(/<script/i);
    expect(clean).not.toMatch(/alert\(1\)/);
    expect(clean).not.toMatch(/onclick|onerror|onmouseover/i);
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/<iframe/i);
    expect(clean).toContain('<h2>Terms</h2>');
    expect(clean).toContain('<a href="/ok">ok</a>');
    expect(clean).toContain('Read ');
  });

  it('turns level-1 headings into level 2, since the page has its own', () => {
    expect(sanitizeHtml('<h1 class="t">Title</h1>')).toBe('<h2 class="t">Title</h2>');
  });

  it('keeps ordinary formatting and safe links', () => {
    expect(sanitizeHtml('<ul><li><strong>a</strong></li></ul><a href="https://x.test/p">x</a>')).toBe(
      '<ul><li><strong>a</strong></li></ul><a href="https://x.test/p">x</a>',
    );
  });
});

describe('htmlToText', () => {
  it('gives the text of the HTML, without markup or script text', () => {
    expect(htmlToText('<p>Hello <b>world</b></p><script>evil()</script><p>Again</p>')).toBe('Hello world Again');
    expect(htmlToText('<p>One.</p><p>Two<br>Three &amp; four</p>')).toBe('One. Two Three & four');
    // Section headings are left out (they ran into the next sentence); a text of headings alone keeps them.
    expect(htmlToText('<p>In two days.</p><h2>Saturday</h2><p>Register your domain.</p>')).toBe('In two days. Register your domain.');
    expect(htmlToText('<h2>One</h2><h3>Two</h3>')).toBe('One Two');
    expect(htmlToText('<style>p{}</style><p>Text<img src=x onerror="alert(1)"></p><template>hidden</template>')).toBe('Text');
  });
});

describe('splitTitle', () => {
  it('takes a leading h1 out as the title and sanitises the rest', () => {
    expect(splitTitle('<h1 onclick="x()">Terms</h1>\n<p>Body</p><script>bad()</script>')).toEqual({ title: 'Terms', body: '\n<p>Body</p>' });
  });
  it('leaves documents without a leading h1 alone (a later h1 becomes h2)', () => {
    expect(splitTitle('<p>Intro</p><h1>Later</h1>')).toEqual({ title: null, body: '<p>Intro</p><h2>Later</h2>' });
  });
});

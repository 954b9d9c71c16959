// The server-side sanitiser of staff HTML (sanitize-html with an allow-list).
import { sanitizeHtml } from './sanitize';

test('keeps the markup a post needs', () => {
  const html = '<h2>Title</h2><p>Some <strong>bold</strong> and <a href="https://example.com" title="x">a link</a>.</p><ul><li>one</li></ul><img src="https://example.com/a.png" alt="A" />';
  expect(sanitizeHtml(html)).toBe(html);
});

test('removes what is not on the list: elements (keeping their text), styles, classes, unsafe URLs, comments', () => {
  expect(sanitizeHtml('<p class="lead" style="color:red" id="x">Hi <marquee>there</marquee><!-- note --></p>')).toBe('<p>Hi there</p>');
  expect(sanitizeHtml('<a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AAAA">')).toBe('<a>x</a><img />');
  expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style>')).toBe('<p>a</p>');
  expect(sanitizeHtml('<p onclick="x()">a</p>')).toBe('<p>a</p>');
});

test('a link that opens a new tab gets rel=noopener', () => {
  expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
});

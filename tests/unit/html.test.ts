import { decodeEntities, escapeHtml, htmlToText, sanitizeRichText } from '../../api/src/infra/html.js';

describe('sanitizeRichText (one allow-list for news, instructions and notifications)', () => {
  it.each([
    ['<p>Bonjour <script>alert(1)</script>à tous</p>', '<p>Bonjour à tous</p>'],
    ['<img src=x onerror="alert(1)"><p>texte</p>', '<p>texte</p>'],
    ['<p onclick="x()" style="color:red" class="c">a</p>', '<p>a</p>'],
    ['<a href="javascript:alert(1)">a</a>', '<a target="_blank" rel="noopener noreferrer">a</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">a</a>', '<a target="_blank" rel="noopener noreferrer">a</a>'],
    ['<a href="data:text/html,<script>x</script>">a</a>', '<a target="_blank" rel="noopener noreferrer">a</a>'],
    ['<a href="//evil.example">a</a>', '<a target="_blank" rel="noopener noreferrer">a</a>'],
    [
      '<a href="https://www.cnhj.fr" target="_self">CNHJ</a>',
      '<a href="https://www.cnhj.fr" target="_blank" rel="noopener noreferrer">CNHJ</a>',
    ],
    ['<iframe src="https://x"></iframe><style>p{}</style><svg onload="x()"></svg>ok', 'ok'],
    ['<ul><li><strong>gras</strong> <em>it</em> <u>s</u></li></ol>', '<ul><li><strong>gras</strong> <em>it</em> <u>s</u></li></ul>'],
    ['1 < 2 & 3 > 2', '1 &lt; 2 &amp; 3 &gt; 2'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });

  it('htmlToText keeps the words apart and decodes entities', () => {
    expect(htmlToText('<p>Cong&eacute;s</p><p>d&#39;&eacute;t&eacute; &amp; plus</p><script>x</script>')).toBe("Congés d'été & plus");
  });

  it('escapeHtml neutralises markup in composed HTML', () => {
    expect(escapeHtml('<b>"Noël" & \'Zoé\'</b>')).toBe('&#60;b&#62;&#34;Noël&#34; &#38; &#39;Zoé&#39;&#60;/b&#62;');
  });
});

describe('entities beyond Unicode', () => {
  it.each([
    ['&#99999999;', '\ufffd'],
    ['&#x110000; fin', '\ufffd fin'],
    ['&#xD800;', '\ufffd'],
    ['&#233;t&eacute;', 'ét&eacute;'],
    ['&#x41;&amp;', 'A&'],
  ])('decodeEntities(%j) = %j, never a RangeError', (text, expected) => {
    expect(decodeEntities(text)).toBe(expected);
  });
});

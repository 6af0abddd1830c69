import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeTemplateHtml } from './sanitize-template.ts';

describe('sanitizeTemplateHtml (the allow-list of template HTML)', () => {
  it.each([
    ['a script', '<p>a</p><script>alert(1)</script>', /<script|alert/],
    ['a script in capitals', '<SCRIPT SRC=//x.test/a.js></SCRIPT><p>a</p>', /script|x\.test/i],
    ['an onerror handler', '<p>a</p><img src=x onerror="alert(1)">', /onerror|<img|alert/],
    ['an onclick handler', '<p onclick="evil()">a</p>', /onclick|evil/],
    ['a javascript: link', '<a href="javascript:alert(1)">a</a>', /javascript|alert/],
    [
      'an entity-encoded javascript: link',
      '<a href="jav&#x61;script:alert(1)">a</a>',
      /script|alert/,
    ],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">a</a>', /data:|base64/],
    ['an iframe', '<iframe src="https://evil.test"></iframe><p>a</p>', /iframe|evil/],
    [
      'a style element',
      '<style>p{background:url(https://evil.test)}</style><p>a</p>',
      /style|evil/,
    ],
    [
      'a style attribute with a url',
      '<p style="background:url(https://evil.test/x)">a</p>',
      /url|evil|style/,
    ],
    [
      'a form',
      '<form action="https://evil.test"><input name="p"></form><p>a</p>',
      /form|input|evil/,
    ],
    ['an svg', '<svg onload="alert(1)"><circle/></svg><p>a</p>', /svg|onload|alert/],
    ['a comment', '<!-- [[link]] --><p>a</p>', /<!--/],
    ['a relative link', '<a href="/api/users">a</a>', /href/],
  ])('removes %s', (_name, html, forbidden) => {
    const clean = sanitizeTemplateHtml(html);
    expect(clean).not.toMatch(forbidden);
  });

  it('keeps what the editor writes, and merge fields in text and in href', () => {
    const html =
      '<h1>Kop</h1><h2>Kop 2</h2><h3>Kop 3</h3>' +
      '<p style="text-align: center">Beste <strong>[[firstname]]</strong>, <em>a</em> <u>b</u> <s>c</s></p>' +
      '<ul><li>een</li></ul><ol><li>twee</li></ol><blockquote><p>citaat</p></blockquote>' +
      '<p><a href="https://paraaf.test/x" target="_blank" rel="noopener noreferrer nofollow">web</a> ' +
      '<a href="mailto:info@paraaf.test">mail</a> <a href="[[link]]">Tekenen</a><br>[[content]]</p>';
    const clean = sanitizeTemplateHtml(html);
    for (const kept of [
      '<h1>Kop</h1>',
      '<h2>Kop 2</h2>',
      '<h3>Kop 3</h3>',
      '<p style="text-align:center">',
      '<strong>[[firstname]]</strong>',
      '<em>a</em>',
      '<u>b</u>',
      '<s>c</s>',
      '<ul><li>een</li></ul>',
      '<ol><li>twee</li></ol>',
      '<blockquote><p>citaat</p></blockquote>',
      'href="https://paraaf.test/x"',
      'href="mailto:info@paraaf.test"',
      'href="[[link]]"',
      '[[content]]',
    ])
      expect(clean).toContain(kept);
  });

  it('keeps the styles the product defaults use', () => {
    const code = '<p style="font-size:28px;letter-spacing:8px;font-weight:bold">[[code]]</p>';
    expect(sanitizeTemplateHtml(code)).toBe(code);
  });

  it('tells an empty editor from a body with text', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p><p><br></p>')).toBe(true);
    expect(isBlankHtml('<p>[[link]]</p>')).toBe(false);
  });
});

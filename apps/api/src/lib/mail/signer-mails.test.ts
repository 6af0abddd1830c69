import { describe, expect, it } from 'vitest';
import { sanitizeTemplateHtml } from './sanitize-template.ts';
import { fillBody, htmlToText, renderSignerMail } from './signer-mails.ts';

const values = {
  content: 'Regel 1\n<script>x</script> [[firstname]]',
  link: { url: 'https://paraaf.test/ondertekenen/abc', label: 'Ondertekenen' },
  fields: { firstname: 'Anna & Co', lastname: 'Jansen' },
};

describe('signer mail rendering', () => {
  it('escapes values and the message, keeps line breaks and fills fields typed in the message', () => {
    const html = fillBody('<p>Hoi [[firstname]]</p><p>[[content]]</p><p>[[link]]</p>', values);
    expect(html).toContain('Hoi Anna &amp; Co');
    expect(html).toContain('Regel 1<br>&lt;script&gt;x&lt;/script&gt; Anna &amp; Co');
    expect(html.match(/href="https:\/\/paraaf.test\/ondertekenen\/abc"/g)).toHaveLength(1);
  });

  it('shows the button once when the message places [[link]] itself', () => {
    const html = fillBody('<p>[[content]]</p><p>[[link]]</p>', {
      ...values,
      content: 'Klik: [[link]]',
    });
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('Klik: <a href=');
  });

  it('adds the button when the only [[link]] gave way to a message the template never places', () => {
    const html = fillBody('Graag tekenen: [[link]]', { ...values, content: 'Klik: [[link]]' });
    expect(html.match(/<a /g)).toHaveLength(1);
    expect(html).toContain('Graag tekenen: <a href=');
  });

  it('adds the button to a template without [[link]] and places repeated slots once', () => {
    expect(fillBody('<p>Hallo</p>', values).match(/<a /g)).toHaveLength(1);
    const twice = fillBody('<p>[[content]]</p><p>[[content]]</p><p>[[link]]</p>[[link]]', {
      ...values,
      content: 'A [[link]] B [[link]]',
    });
    expect(twice.match(/<a /g)).toHaveLength(1);
    expect(twice.match(/Regel|A /g)).toHaveLength(1);
  });

  it('fills href="[[link]]" with the URL and counts it as the link', () => {
    const html = fillBody('<p><a href="[[link]]">Teken hier</a></p><p>[[link]]</p>', values);
    expect(html.match(/href="https:\/\/paraaf.test\/ondertekenen\/abc"/g)).toHaveLength(1);
    expect(html).not.toContain('[[');
  });

  it('adds no button to a mail without a link', () => {
    const html = fillBody('<p>[[content]]</p><p>[[link]]</p>', { ...values, link: undefined });
    expect(html).not.toMatch(/<a |\[\[/);
  });

  it('removes scripts and event handlers from template HTML', () => {
    const clean = sanitizeTemplateHtml(
      '<p onclick="evil()">a</p><script>alert(1)</script><a href="javascript:alert(1)">b</a>',
    );
    expect(clean).not.toMatch(/onclick|<script|javascript:/);
  });

  it('gives a plain-text version with the link', () => {
    const mail = renderSignerMail(
      { subject: 'Onderwerp [[firstname]]', template: '<p>[[content]]</p><p>[[link]]</p>' },
      values,
      { locale: 'nl' },
    );
    expect(mail.subject).toBe('Onderwerp Anna & Co');
    expect(mail.text).toContain('Ondertekenen: https://paraaf.test/ondertekenen/abc');
    expect(htmlToText('<p>a &amp; b</p>')).toBe('a & b');
  });
});

import sanitizeHtml from 'sanitize-html';

/** A merge field as the whole value of an href: `href="[[link]]"` becomes the signer's URL. */
const hrefMergeField = /^\[\[link\]\]$/;
const absoluteHref = /^(https?:|mailto:)/i;

/**
 * What the rich-text editor writes (and the product's own defaults use), nothing more: text
 * blocks, lists, emphasis, links to http(s)/mailto or to the [[link]] merge field, and a few
 * harmless inline styles (alignment, colour, size). Everything else goes: script, style,
 * iframe, object, img, forms, event handlers, javascript:/data: links, comments.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'span',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'font-size': [/^\d{1,2}(px|em|rem|%)$/],
      'font-weight': [/^(bold|normal|[1-9]00)$/],
      'letter-spacing': [/^\d{1,2}px$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Relative and other scheme-less hrefs lead nowhere in a mail: only absolute links and the
    // [[link]] merge field keep their href.
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      const keep = absoluteHref.test(href) || hrefMergeField.test(href);
      const { href: _dropped, ...rest } = attribs;
      return { tagName, attribs: keep ? { ...rest, href } : rest };
    },
  },
};

/**
 * The one sanitizer of template HTML written by a company (saved e-mail templates) or a sender
 * (the wizard's per-request invitation text): an allow-list from a maintained library, applied
 * when a template is saved and again when a mail is rendered. Merge fields `[[…]]` survive.
 */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** True when the HTML holds no visible text (an editor's empty `<p></p>`). */
export function isBlankHtml(html: string): boolean {
  return (
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replaceAll('&nbsp;', ' ').trim()
      .length === 0
  );
}

/** The HTML frame every mail uses; values are escaped, links are absolute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export function renderLayout(input: {
  subject: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  code?: string;
  footer?: string;
}): MailContent {
  const p = input.paragraphs.map((t) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`).join('');
  const code = input.code
    ? `<p style="font-size:28px;letter-spacing:8px;font-weight:bold;margin:8px 0 24px">${escapeHtml(input.code)}</p>`
    : '';
  const button = input.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.button.url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(input.button.label)}</a></p><p style="font-size:12px;color:#666">${escapeHtml(input.button.url)}</p>`
    : '';
  const footer = escapeHtml(input.footer ?? 'Paraaf — elektronisch ondertekenen');
  const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#222;background:#f4f6f8;padding:24px"><div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">${p}${code}${button}<p style="margin-top:32px;font-size:12px;color:#888">${footer}</p></div></body></html>`;
  const text = [
    ...input.paragraphs,
    ...(input.code ? [input.code] : []),
    ...(input.button ? [`${input.button.label}: ${input.button.url}`] : []),
  ].join('\n\n');
  return { subject: input.subject, html, text };
}

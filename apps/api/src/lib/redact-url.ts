/**
 * A URL as log lines may carry it. Query values are replaced by `[redacted]`, keys kept: a
 * search or filter holds what someone typed (a signer's name, an e-mail address), and `token`,
 * `state`, `code` and `nonce` open sessions. Only the paging and view keys below keep their
 * values; a part without `=` is kept only when it is one of them. Token-bearing path segments
 * (activation, password reset, the signer's link, the embed links) are replaced too.
 */
const KEPT_QUERY_KEYS = new Set(['page', 'limit', 'per_page', 'order', 'view', 'format']);
const TOKEN_PATH =
  /\/(activeren|activate|password-reset|wachtwoord-instellen|ondertekenen|signing|voorbereiden|editor|editor-session)\/[^/?]+/g;

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(TOKEN_PATH, '/$1/[redacted]');
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq === -1 ? part : part.slice(0, eq);
      if (KEPT_QUERY_KEYS.has(key)) return part;
      return eq === -1 ? '[redacted]' : `${key}=[redacted]`;
    })
    .join('&');
  return `${path}?${query}`;
}

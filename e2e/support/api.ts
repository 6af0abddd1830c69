/** The API calls the specs make as the wizard would, outside the browser. */

const password = 'Eerste-wachtwoord-1';

/** A call to the product's API with the session token, failing loudly on an error status. */
export async function call<T>(
  baseURL: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(baseURL + '/api' + path, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new company through the API; returns its first user's session token. */
export async function registerCompany(baseURL: string, company: string, name: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@${company.replace(/\W/g, '').toLowerCase()}.nl`;
  const session = await call<{ token: string }>(baseURL, null, 'POST', '/auth/register', {
    company,
    name,
    email,
    password,
    passwordconfirmation: password,
    terms: true,
    two_factor_auth: false,
  });
  return session.token;
}

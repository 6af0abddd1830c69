// The benches' one way to get an account: a new company registered through the API.

/** Registers `company` and returns its first user's session token and ids. */
export async function registerBenchCompany(baseUrl, company) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      company,
      name: 'Bench',
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@voorbeeld.nl`,
      password: 'bench-wachtwoord',
      passwordconfirmation: 'bench-wachtwoord',
      terms: true,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const body = await res.json();
  return { token: body.token, userId: body.user.id, companyId: body.user.company.id };
}

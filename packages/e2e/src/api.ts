import { expect } from 'vitest';

/**
 * An access token from the password grant, for set-up calls and checks beside the browser (the
 * demo users share one password). Anything but a token fails the test here, with the answer.
 */
export async function accessToken(baseUrl: string, email: string, password = 'Demo1234!'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (res.status !== 200 || !body.access_token) throw new Error(`accessToken(${email}): ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Sets the user's stored scope to the company `companyName` (the app restores it at login), or clears it. */
export async function setScope(baseUrl: string, email: string, companyName: string | null) {
  const auth = { Authorization: `Bearer ${await accessToken(baseUrl, email)}` };
  const companies = (await (await fetch(`${baseUrl}/api/company/list-items`, { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const companyId = companyName ? companies.find((c) => c.name === companyName)!.id : null;
  const res = await fetch(`${baseUrl}/api/user/scope`, {
    method: 'PUT',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ companyId }),
  });
  expect(res.status).toBe(200);
}

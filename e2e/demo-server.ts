/**
 * The running product the screenshot scripts drive (BASE_URL, default http://localhost:3111, seeded
 * with the demo data), and a session token of one of its demo accounts.
 */
export const BASE = process.env.BASE_URL ?? 'http://localhost:3111';

/** The password of every demo account. */
const PASSWORD = 'Demo-pass-2026';

/**
 * Signs a demo account in through the API.
 * @param path the sign-in endpoint below /api/: `user/login` or `admin/login`
 * @returns the session token (bearer)
 * @throws Error with the answer when the sign-in is refused
 */
export async function demoToken(path: string, email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { data: { token: string } };
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

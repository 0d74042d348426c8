let credentials = null;

// Goes again once, with fresh credentials, when the first answer was 401: not a retry.
async function authorised(url, isAuthenticationFetch = false) {
  const res = await fetch(url, { headers: credentials ? { authorization: credentials } : {} });
  if (res.status === 401 && !isAuthenticationFetch) {
    credentials = await login();
    return authorised(url, true);
  }
  return res;
}

async function login() {
  const res = await fetch('/login', { method: 'POST' });
  return res.headers.get('x-token');
}

export async function get(url) {
  return authorised(url);
}

// A real retry of this module, reached from put().
async function sendWithRetries(url, body) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetch(url, { method: 'PUT', body });
    } catch {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
    }
  }
  throw new Error('put');
}

export async function put(url, body) {
  return sendWithRetries(url, body);
}

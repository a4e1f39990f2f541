// product.md §4: the session token lives in local storage under `token`, and ending a session
// clears local storage as a whole.
const tokenKey = 'token';

export function readAuthToken(): string | null {
  return localStorage.getItem(tokenKey);
}

export function storeAuthToken(token: string): void {
  localStorage.setItem(tokenKey, token);
}

export function clearLocalStorage(): void {
  localStorage.clear();
}

// The signed-in user's role, kept beside the token as a hint for the next visit's first paint: the
// prerendered dashboard's starter (web/prerender/start-after-paint.js) reads it under this key to
// write the role's screen title before the app's code has arrived. Not a permission: the server's
// answer to the session check decides.
const roleHintKey = 'role';

export function storeRoleHint(role: string): void {
  localStorage.setItem(roleHintKey, role);
}

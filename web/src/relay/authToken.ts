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

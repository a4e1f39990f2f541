// The version this build was made from (package.json, injected by Vite); the server's
// /meta.json says which one it serves (product.md §4 "Version check").
declare const __APP_VERSION__: string;

export const appVersion: string = __APP_VERSION__;

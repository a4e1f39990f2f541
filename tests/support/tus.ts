// A bare tus 1.0.0 client for API tests of resumable deposits (/api/v1/uploads): each request as
// the protocol writes it, so tests can also send what no real client would.
export const TUS_ENDPOINT = '/api/v1/uploads';

/** Upload-Metadata: each value in base64. */
export const tusMetadata = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

export const tusHeaders = (token?: string, extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  ...(token && { authorization: `Bearer ${token}` }),
  ...extra,
});

/** The requests of the protocol against the app at `baseUrl`. */
export function tusClient(baseUrl: string) {
  const at = (location: string) => new URL(location, `${baseUrl}${TUS_ENDPOINT}/`);
  return {
    create: (token: string | undefined, values: Record<string, string | number>, length: number | string, extra = {}) =>
      fetch(`${baseUrl}${TUS_ENDPOINT}`, {
        method: 'POST',
        headers: tusHeaders(token, { 'upload-length': String(length), 'upload-metadata': tusMetadata(values), ...extra }),
      }),
    patch: (token: string | undefined, location: string, offset: number, bytes: Buffer) =>
      fetch(at(location), {
        method: 'PATCH',
        headers: tusHeaders(token, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        body: new Uint8Array(bytes),
      }),
    head: (token: string | undefined, location: string) => fetch(at(location), { method: 'HEAD', headers: tusHeaders(token) }),
  };
}

import { loadConfig } from '../../api/src/config.js';
import { addressKey, connectionLimits, hasBody, isUpload, uploadStalled } from '../../api/src/http/connection-limits.js';

describe('connection limits', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('addressKey(%p) ⇒ %p: IPv4 as is, IPv6 by its /64', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('uploads are the multipart bodies; only bodies are watched', () => {
    expect(isUpload('POST', 'multipart/form-data; boundary=x')).toBe(true);
    expect(isUpload('PUT', 'Multipart/Form-Data; boundary=x')).toBe(true);
    expect(isUpload('POST', 'application/json')).toBe(false);
    expect(isUpload('GET', 'multipart/form-data')).toBe(false);
    expect(hasBody({ 'content-length': '10' })).toBe(true);
    expect(hasBody({ 'transfer-encoding': 'chunked' })).toBe(true);
    expect(hasBody({ 'content-length': '0' })).toBe(false);
    expect(hasBody({})).toBe(false);
  });

  it('an upload stalls when too few bytes came and none wait on the server', () => {
    expect(uploadStalled(100, 0, 1024)).toBe(true);
    expect(uploadStalled(2048, 0, 1024)).toBe(false);
    // Bytes waiting in our own buffers: the server is the slow side.
    expect(uploadStalled(0, 16_384, 1024)).toBe(false);
  });

  it('generous defaults; no per-address cap behind a trusted proxy (every connection is the proxy)', () => {
    expect(connectionLimits(loadConfig({}))).toEqual({
      requestTimeoutMs: 60_000,
      uploadTimeoutMs: 120 * 60_000,
      uploadMinBytes: 1024,
      uploadWindowMs: 30_000,
      maxConnectionsPerAddress: 200,
      drainMaxBytes: 8 * 1024 * 1024,
    });
    expect(connectionLimits(loadConfig({ TRUST_PROXY: 'true' })).maxConnectionsPerAddress).toBe(0);
    expect(() => loadConfig({ UPLOAD_MIN_KB: '0' })).toThrow('UPLOAD_MIN_KB');
  });
});

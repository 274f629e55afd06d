import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTrustedHosts } from '../../src/http/trusted-hosts.js';
import { defaultAllowedHosts, normaliseHost, parseAllowedHosts } from '../../src/lib/hosts.js';

/** The parts of a request the trust decisions read. */
function req(host: string | undefined, localPort = 8080): FastifyRequest {
  return { host, protocol: 'http', socket: { localPort } } as unknown as FastifyRequest;
}

describe('host names', () => {
  it('normalises a Host header the way the URL parser does', () => {
    expect(normaliseHost('LocalHost:8080')).toBe('localhost:8080');
    expect(normaliseHost('example.com:80')).toBe('example.com');
    expect(normaliseHost('[::1]:3000')).toBe('[::1]:3000');
  });

  it.each(['', 'a b', 'evil.example/path', 'user@evil.example', 'evil.example?x', 'evil.example#x', 'a\\b', '[::1', 'x:99999'])('refuses %j as a host', (value) => {
    expect(normaliseHost(value)).toBeUndefined();
  });

  it('trusts the listening port on its loopback names by default, HOST first when it names one address', () => {
    expect(defaultAllowedHosts('127.0.0.1', 8080)).toEqual(['127.0.0.1:8080', 'localhost:8080']);
    expect(defaultAllowedHosts('0.0.0.0', 3000)).toEqual(['127.0.0.1:3000', 'localhost:3000']);
    expect(defaultAllowedHosts('192.168.1.5', 8080)).toEqual(['192.168.1.5:8080', '127.0.0.1:8080', 'localhost:8080']);
    expect(defaultAllowedHosts('::', 80)).toEqual(['127.0.0.1', 'localhost', '[::1]']);
  });

  it('reads CCS_ALLOWED_HOSTS as a comma-separated list and refuses anything but hosts', () => {
    expect(parseAllowedHosts(' ccs.example.com , CCS.lan:8080,ccs.example.com')).toEqual(['ccs.example.com', 'ccs.lan:8080']);
    expect(loadConfig({ CCS_ALLOWED_HOSTS: 'a.example,b.example:81' }).allowedHosts).toEqual(['a.example', 'b.example:81']);
    expect(loadConfig({}).allowedHosts).toBeUndefined();
    expect(() => loadConfig({ CCS_ALLOWED_HOSTS: 'https://a.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ CCS_ALLOWED_HOSTS: ',' })).toThrow(ConfigError);
  });

  it('refuses a CCS_PUBLIC_URL that is not an absolute http(s) URL, and drops its trailing slash', () => {
    expect(loadConfig({ CCS_PUBLIC_URL: 'https://ccs.example.com/' }).publicUrl).toBe('https://ccs.example.com');
    expect(loadConfig({ CCS_PUBLIC_URL: 'https://ccs.example.com/api/' }).publicUrl).toBe('https://ccs.example.com/api');
    for (const bad of ['ccs.example.com', 'ftp://ccs.example.com', 'https://ccs.example.com/?x=1', 'https://u:p@ccs.example.com']) {
      expect(() => loadConfig({ CCS_PUBLIC_URL: bad }), bad).toThrow(ConfigError);
    }
  });
});

describe('trusted hosts', () => {
  const local = createTrustedHosts({ publicUrl: undefined, allowedHosts: undefined, host: '127.0.0.1' });

  it('builds links from the request host only when it is trusted', () => {
    expect(local.baseFor(req('localhost:8080'))).toBe('http://localhost:8080');
    expect(local.baseFor(req('127.0.0.1:8080'))).toBe('http://127.0.0.1:8080');
    // Another port on a trusted name is another server.
    expect(local.baseFor(req('localhost:9999'))).toBe('http://127.0.0.1:8080');
    expect(local.baseFor(req('evil.example'))).toBe('http://127.0.0.1:8080');
    expect(local.baseFor(req(undefined))).toBe('http://127.0.0.1:8080');
    expect(local.baseForPort(4321)).toBe('http://127.0.0.1:4321');
  });

  it('accepts only trusted origins, over http or https', () => {
    expect(local.isTrustedOrigin('http://localhost:8080', req('localhost:8080'))).toBe(true);
    expect(local.isTrustedOrigin('http://127.0.0.1:8080', req('evil.example'))).toBe(true);
    // The Host header names the attacker's site: that does not make its origin ours.
    expect(local.isTrustedOrigin('http://evil.example', req('evil.example'))).toBe(false);
    expect(local.isTrustedOrigin('http://localhost:9999', req('localhost:9999'))).toBe(false);
    expect(local.isTrustedOrigin('null', req('localhost:8080'))).toBe(false);
    expect(local.isTrustedOrigin('http://localhost:8080/path', req('localhost:8080'))).toBe(false);
  });

  it('uses CCS_PUBLIC_URL for every link, and trusts its origin', () => {
    const pub = createTrustedHosts({ publicUrl: 'https://ccs.example.com', allowedHosts: undefined, host: '127.0.0.1' });
    expect(pub.baseFor(req('evil.example'))).toBe('https://ccs.example.com');
    expect(pub.baseFor(req('localhost:8080'))).toBe('https://ccs.example.com');
    expect(pub.baseForPort(8080)).toBe('https://ccs.example.com');
    expect(pub.isTrustedOrigin('https://ccs.example.com', req('evil.example'))).toBe(true);
    expect(pub.isTrustedOrigin('https://evil.example', req('evil.example'))).toBe(false);
  });

  it('replaces the loopback defaults with CCS_ALLOWED_HOSTS', () => {
    const lan = createTrustedHosts({ publicUrl: undefined, allowedHosts: ['ccs.lan:8080', 'ccs.example.com'], host: '0.0.0.0' });
    expect(lan.baseFor(req('CCS.LAN:8080'))).toBe('http://ccs.lan:8080');
    expect(lan.baseFor(req('localhost:8080'))).toBe('http://ccs.lan:8080');
    expect(lan.isTrustedOrigin('https://ccs.example.com', req('x'))).toBe(true);
    expect(lan.isTrustedOrigin('http://localhost:8080', req('localhost:8080'))).toBe(false);
  });
});

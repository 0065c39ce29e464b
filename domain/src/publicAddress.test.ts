import { describe, expect, it } from 'vitest';
import { addressKind, webhookHostName, webhookTargetProblem } from './publicAddress';

describe('addressKind', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.215.14', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.254', 'carrier-grade-nat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['2001:4860:4860::8888', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['[::1]', 'loopback'],
    // IPv4 inside IPv6 is judged as the IPv4 address it reaches.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['2002:0a00:0001::1', 'private'],
    ['2001:db8::1', 'reserved'],
    ['2001:0::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['1.2.3', 'invalid'],
    ['1.2.3.256', 'invalid'],
    ['01.2.3.4', 'invalid'],
    ['1::2::3', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
    ['12345::1', 'invalid'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });
});

describe('webhookTargetProblem', () => {
  it('allows an https URL whose every address is public', () => {
    expect(webhookTargetProblem('https://hooks.example.com/harbor', ['93.184.215.14', '2606:4700:4700::1111'], false)).toBeNull();
  });

  it('refuses plain http, and any address of the host that is not public, after resolution', () => {
    expect(webhookTargetProblem('http://hooks.example.com/harbor', ['93.184.215.14'], false)).toBe('The URL must start with https://, so deliveries are encrypted.');
    expect(webhookTargetProblem('http://10.0.0.1/hook', ['10.0.0.1'], false)).toMatch(/^The URL must start with https:\/\//);
    expect(webhookTargetProblem('https://169.254.169.254/latest/meta-data', ['169.254.169.254'], false)).toBe(
      'The address 169.254.169.254 is a link-local address. Webhooks go only to addresses on the public internet. Please give a public https:// URL.',
    );
    // A name that resolves to the loopback (a "localhost" alias, DNS rebinding).
    expect(webhookTargetProblem('https://localtest.me/hook', ['127.0.0.1'], false)).toBe(
      'The host localtest.me resolves to 127.0.0.1, which is a loopback address. Webhooks go only to addresses on the public internet. Please give a public https:// URL.',
    );
    expect(webhookTargetProblem('https://mixed.example.com/', ['93.184.215.14', '10.1.2.3'], false)).toMatch(/resolves to 10\.1\.2\.3, which is a private network address/);
    expect(webhookTargetProblem('https://[::ffff:192.168.0.1]/', ['::ffff:192.168.0.1'], false)).toMatch(/is a private network address/);
    expect(webhookTargetProblem('https://metadata.google.internal/computeMetadata/v1/', ['169.254.169.254'], false)).toMatch(/^The host metadata\.google\.internal is a cloud metadata service/);
    expect(webhookTargetProblem('https://nowhere.invalid/', [], false)).toBe('The host nowhere.invalid could not be found. Please check the URL.');
  });

  it('allows http://127.0.0.1 and http://localhost on the emulators only', () => {
    expect(webhookTargetProblem('http://127.0.0.1:8123/hook', ['127.0.0.1'], true)).toBeNull();
    expect(webhookTargetProblem('http://localhost:8123/hook', ['127.0.0.1'], true)).toBeNull();
    expect(webhookTargetProblem('http://127.0.0.1:8123/hook', ['127.0.0.1'], false)).toMatch(/^The URL must start with https:\/\//);
    // Even there, https to a private address is refused.
    expect(webhookTargetProblem('https://localhost/hook', ['127.0.0.1'], true)).toMatch(/resolves to 127\.0\.0\.1, which is a loopback address/);
    expect(webhookTargetProblem('https://10.0.0.1/hook', ['10.0.0.1'], true)).toMatch(/^The address 10\.0\.0\.1 is a private network address/);
  });

  it('reads the host as a resolver takes it', () => {
    expect(webhookHostName('https://[::1]:8443/x')).toBe('::1');
    expect(webhookHostName('https://Hooks.Example.COM./x')).toBe('hooks.example.com');
  });
});

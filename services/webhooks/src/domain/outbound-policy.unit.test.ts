import { addressAllowed, checkEndpointUrl, resolveAllowedAddress, type OutboundPolicy } from './outbound-policy';

const strict: OutboundPolicy = { allowHttp: false, allowPrivateNetworks: false };
const operatorAllows: OutboundPolicy = { allowHttp: true, allowPrivateNetworks: true };

describe('endpoint URLs', () => {
  it('when the URL is https on a public name, then it is accepted as written', () => {
    expect(checkEndpointUrl('https://hooks.example.com/coin?x=1', strict)).toEqual({ ok: true, url: 'https://hooks.example.com/coin?x=1' });
  });

  it.each([
    ['http://hooks.example.com/', 'https_required'],
    ['ftp://hooks.example.com/', 'https_required'],
    ['https://user:pw@hooks.example.com/', 'credentials_in_url'],
    ['https://localhost/hook', 'private_address'],
    ['https://api.localhost/hook', 'private_address'],
    ['https://127.0.0.1/hook', 'private_address'],
    ['https://10.1.2.3/hook', 'private_address'],
    ['https://192.168.0.1/hook', 'private_address'],
    ['https://172.16.5.4/hook', 'private_address'],
    ['https://169.254.169.254/latest/meta-data', 'private_address'],
    ['https://[::1]/hook', 'private_address'],
    ['https://[::ffff:127.0.0.1]/hook', 'private_address'],
    ['https://[fd00::1]/hook', 'private_address'],
    ['https://0.0.0.0/hook', 'private_address'],
    ['https://224.0.0.1/hook', 'private_address'],
    ['https://2130706433/hook', 'private_address'],
    ['not a url', 'invalid_url'],
    [`https://example.com/${'a'.repeat(2048)}`, 'too_long'],
    ['https://hooks.example.com/#frag', 'fragment_not_allowed'],
  ])('when the URL is %s, then it is refused (%s)', (url, reason) => {
    expect(checkEndpointUrl(url, strict)).toEqual({ ok: false, reason });
  });

  it('when the operator allows private networks and http, then a local receiver is accepted', () => {
    expect(checkEndpointUrl('http://127.0.0.1:4000/hook', operatorAllows)).toEqual({ ok: true, url: 'http://127.0.0.1:4000/hook' });
    expect(checkEndpointUrl('http://127.0.0.1:4000/hook', { ...operatorAllows, allowPrivateNetworks: false })).toEqual({
      ok: false,
      reason: 'private_address',
    });
  });
});

describe('addresses', () => {
  it('public unicast addresses only, unless the operator allows private ones', () => {
    expect(addressAllowed('93.184.216.34', false)).toBe(true);
    expect(addressAllowed('2606:2800:220:1:248:1893:25c8:1946', false)).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '100.64.0.1',
      '::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '255.255.255.255',
      'ff02::1',
      'garbage',
    ]) {
      expect(addressAllowed(ip, false)).toBe(false);
    }
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('garbage', true)).toBe(false);
  });

  it('when a name resolves to a loopback address among public ones, then the name is refused', async () => {
    const lookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(resolveAllowedAddress('rebind.example.com', false, lookup)).resolves.toEqual({ ok: false, reason: 'private_address' });
    await expect(resolveAllowedAddress('rebind.example.com', true, lookup)).resolves.toEqual({
      ok: true,
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('when a name does not resolve, then it is refused as unresolvable', async () => {
    const lookup = async () => [];
    await expect(resolveAllowedAddress('nowhere.example.com', false, lookup)).resolves.toEqual({ ok: false, reason: 'unresolvable' });
  });
});

import { SimulatedRegistry } from './simulated-registry';

describe('SimulatedRegistry', () => {
  it('knows example, google, facebook and jumia in every TLD and nothing else', async () => {
    const r = new SimulatedRegistry();
    const m = await r.availability([
      'example.com',
      'google.com.ng',
      'facebook.xyz',
      'jumia.ng',
      'acme.com',
      'examples.com',
    ]);
    expect(Object.fromEntries(m)).toEqual({
      'example.com': 'registered',
      'google.com.ng': 'registered',
      'facebook.xyz': 'registered',
      'jumia.ng': 'registered',
      'acme.com': 'available',
      'examples.com': 'available',
    });
  });

  it('takes a name once it is registered or remembered', async () => {
    const r = new SimulatedRegistry();
    r.remember(['old.ng']);
    await r.register('acme.com');
    const m = await r.availability(['acme.com', 'old.ng', 'acme.net']);
    expect(Object.fromEntries(m)).toEqual({
      'acme.com': 'registered',
      'old.ng': 'registered',
      'acme.net': 'available',
    });
  });

  it('allows transfers of registered names except google.*', async () => {
    const r = new SimulatedRegistry();
    expect(await r.transferEligibility('jumia.com.ng')).toEqual({
      eligible: true,
      availability: 'registered',
    });
    const google = await r.transferEligibility('google.com');
    expect(google).toMatchObject({ eligible: false, availability: 'registered' });
    expect(google.reason).toMatch(/locked/);
    const free = await r.transferEligibility('acme.com');
    expect(free).toMatchObject({ eligible: false, availability: 'available' });
    expect(free.reason).toMatch(/not registered/);
    await r.register('acme.com');
    expect((await r.transferEligibility('acme.com')).reason).toMatch(/already managed/);
  });
});

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

describe('SimulatedRegistry dates: the transfer rules of a real registry', () => {
  const DAY = 24 * 3600 * 1000;
  let now = Date.parse('2026-11-22T10:00:00Z');
  const clocked = () => new SimulatedRegistry({ now: () => now });

  it('refuses a transfer back within 60 days of the name leaving for another registrar', async () => {
    const r = clocked();
    await r.register('acme.com');
    now += 400 * DAY;
    r.transferOut('acme.com');
    expect(Object.fromEntries(await r.availability(['acme.com']))).toEqual({ 'acme.com': 'registered' });
    expect(await r.transferEligibility('acme.com')).toMatchObject({
      eligible: false,
      availability: 'registered',
      reason: expect.stringMatching(/transferred less than 60 days ago/),
    });
    now += 61 * DAY;
    expect(await r.transferEligibility('acme.com')).toEqual({ eligible: true, availability: 'registered' });
  });

  it('refuses a name registered less than 60 days before it left', async () => {
    const r = clocked();
    await r.register('young.ng');
    now += 10 * DAY;
    r.transferOut('young.ng');
    expect((await r.transferEligibility('young.ng')).reason).toMatch(/registered less than 60 days/);
  });

  it('keeps a deleted name in pendingDelete for 5 days: taken, not transferable, then free', async () => {
    const r = clocked();
    await r.register('gone.com.ng');
    now += 400 * DAY;
    r.delete('gone.com.ng');
    expect((await r.availability(['gone.com.ng'])).get('gone.com.ng')).toBe('registered');
    expect(await r.transferEligibility('gone.com.ng')).toMatchObject({
      eligible: false,
      reason: expect.stringMatching(/pending delete/),
    });
    now += 5 * DAY + 1;
    expect((await r.availability(['gone.com.ng'])).get('gone.com.ng')).toBe('available');
    expect((await r.transferEligibility('gone.com.ng')).reason).toMatch(/not registered/);
  });

  it('leaves the contract names as they are: famous labels transferable, google.* locked', async () => {
    const r = clocked();
    expect(await r.transferEligibility('facebook.ng')).toEqual({ eligible: true, availability: 'registered' });
    expect((await r.transferEligibility('google.co.uk')).reason).toMatch(/locked/);
  });
});

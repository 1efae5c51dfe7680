import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginThrottle } from './login-throttle';

const silent = pino({ level: 'silent' });

describe('LoginThrottle in process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses past either budget and says how long to wait', async () => {
    const throttle = LoginThrottle.create({ perUsername: 2, perAddress: 3 }, null, silent);
    expect(await throttle.attempt('Alice', '192.0.2.1')).toBeNull();
    expect(await throttle.attempt('alice', '192.0.2.2')).toBeNull();
    // The username's budget is spent whatever the address and however the name is cased.
    const refused = await throttle.attempt('ALICE', '192.0.2.3');
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The address's budget counts every username tried from it.
    expect(await throttle.attempt('bob', '192.0.2.9')).toBeNull();
    expect(await throttle.attempt('carol', '192.0.2.9')).toBeNull();
    expect(await throttle.attempt('dave', '192.0.2.9')).toBeNull();
    expect(await throttle.attempt('erin', '192.0.2.9')).not.toBeNull();
    await throttle.close();
  });

  it('gives a fresh budget once the minute is over', async () => {
    const now = Date.now();
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const throttle = LoginThrottle.create({ perUsername: 1, perAddress: 100 }, null, silent);
    expect(await throttle.attempt('frank', '192.0.2.1')).toBeNull();
    expect(await throttle.attempt('frank', '192.0.2.1')).not.toBeNull();
    vi.setSystemTime(now + 60_001);
    expect(await throttle.attempt('frank', '192.0.2.1')).toBeNull();
  });
});

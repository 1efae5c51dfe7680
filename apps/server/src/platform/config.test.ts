import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = mkdtempSync(path.join(tmpdir(), 'tessera-config-'));
const load = (env: Record<string, string>) => loadConfig({ TESSERA_DATA_DIR: dir, ...env }, dir);

describe('report delivery and renderer settings', () => {
  it('has Superset-like defaults', () => {
    const config = load({});
    expect(config.smtp).toEqual({
      host: 'localhost',
      port: 25,
      secure: false,
      user: null,
      password: null,
      from: 'tessera@localhost',
    });
    expect(config.webhookAllowlist).toEqual([]);
    expect(config.render).toMatchObject({ chromiumPath: '/usr/bin/chromium', baseUrl: null, concurrency: 2 });
  });

  it('reads every TESSERA_SMTP_* and render setting', () => {
    const config = load({
      TESSERA_SMTP_HOST: 'mail.example.com',
      TESSERA_SMTP_PORT: '465',
      TESSERA_SMTP_SECURE: 'true',
      TESSERA_SMTP_USER: 'reports',
      TESSERA_SMTP_PASSWORD: 'pw',
      TESSERA_SMTP_FROM: 'Reports <reports@example.com>',
      TESSERA_WEBHOOK_ALLOWLIST: 'hooks.internal, 10.0.0.0/8',
      TESSERA_RENDER_BASE_URL: 'https://bi.example.com',
      TESSERA_RENDER_CONCURRENCY: '4',
    });
    expect(config.smtp).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      user: 'reports',
      password: 'pw',
      from: 'Reports <reports@example.com>',
    });
    expect(config.webhookAllowlist).toEqual(['hooks.internal', '10.0.0.0/8']);
    expect(config.render.baseUrl).toBe('https://bi.example.com');
    expect(config.render.concurrency).toBe(4);
  });

  it('refuses a wrong allow-list entry or a non-http base URL at start', () => {
    expect(() => load({ TESSERA_WEBHOOK_ALLOWLIST: 'hooks.internal, 10.0.0.0/40' })).toThrow(ConfigError);
    expect(() => load({ TESSERA_RENDER_BASE_URL: 'file:///etc/passwd' })).toThrow(ConfigError);
    expect(() => load({ TESSERA_SMTP_SECURE: 'yes' })).toThrow(ConfigError);
  });
});

describe('TESSERA_QUEUE_PREFIX', () => {
  it('is unset by default, read when given, and refused when it could not be a plain key prefix', () => {
    expect(load({}).queuePrefix).toBeNull();
    expect(load({ TESSERA_QUEUE_PREFIX: 'tessera-prod.eu_1' }).queuePrefix).toBe('tessera-prod.eu_1');
    expect(() => load({ TESSERA_QUEUE_PREFIX: 'a:b' })).toThrow(ConfigError);
    expect(() => load({ TESSERA_QUEUE_PREFIX: '' })).toThrow(ConfigError);
  });
});

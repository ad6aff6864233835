import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.logLevel).toBe('info');
    expect(c.seedDemo).toBeUndefined();
    expect(c.supportEmail).toBe('support@plastrace.ph');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/plastrace',
      DATABASE_URL: 'postgres://u:p@db:5432/plastrace',
      PUBLIC_URL: 'https://plastrace.example.ph/',
      SMTP_URL: 'smtp://mail:25',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      SUPPORT_EMAIL: 'help@recycler.example.ph',
      DB_POOL_SIZE: '12',
      LOG_ORIGIN: 'plastrace.example.ph/log',
    });
    expect(c).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/plastrace',
      databaseUrl: 'postgres://u:p@db:5432/plastrace',
      publicUrl: 'https://plastrace.example.ph',
      smtpUrl: 'smtp://mail:25',
      logLevel: 'warn',
      seedDemo: false,
      trustProxy: true,
      supportEmail: 'help@recycler.example.ph',
      poolSize: 12,
      logSigningKey: undefined,
      logOrigin: 'plastrace.example.ph/log',
    });
  });

  it('reports each bad value on its own line, naming the variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        SEED_DEMO: 'maybe',
        PUBLIC_URL: 'nope',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems.find((p) => p.startsWith('PORT='))).toContain('must be a number');
    expect(problems.find((p) => p.startsWith('DATABASE_URL='))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('LOG_LEVEL='))).toContain('must be one of');
    expect(problems.find((p) => p.startsWith('SEED_DEMO='))).toContain('true or false');
    expect(problems.find((p) => p.startsWith('PUBLIC_URL='))).toContain('must be a URL');
    expect((error as Error).message.split('\n')).toHaveLength(6);
  });

  it('refuses a SUPPORT_EMAIL that is not an email address', () => {
    expect(() => loadConfig({ SUPPORT_EMAIL: 'support' })).toThrow(
      /SUPPORT_EMAIL="support": must be an email/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});

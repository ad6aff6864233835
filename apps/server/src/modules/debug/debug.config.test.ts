import { describe, expect, it } from 'vitest';
import { redactUrl, settingsOf } from './debug.config.ts';

describe('the admin tools’ configuration', () => {
  it('drops passwords and secret query values from connection URLs', () => {
    expect(redactUrl('postgres://app:hunter2@db:5432/pt?sslmode=require&password=p2', true)).toBe(
      'postgres://app@db:5432/pt?sslmode=require&password=set',
    );
    expect(redactUrl('smtps://apikey:SG.token@smtp.example.ph:465', false)).toBe(
      'smtps://smtp.example.ph:465',
    );
  });

  it('shows nothing of a URL it cannot read', () => {
    expect(redactUrl('smtp://us er:pa ss@[bad', false)).toBeNull();
    const settings = settingsOf({ smtpUrl: 'smtp://us er:pa ss@[bad' });
    expect(JSON.stringify(settings)).not.toContain('pa ss');
    expect(settings.find((s) => s.name === 'SMTP_URL user and password')?.value).toBe('set');
  });

  it('says "not set" of secrets that are not set, and null of settings not given', () => {
    const settings = settingsOf({ publicUrl: 'http://localhost:3000' });
    const value = (name: string) => settings.find((s) => s.name === name)?.value;
    expect(value('DATABASE_URL')).toBeNull();
    expect(value('DATABASE_URL password')).toBe('not set');
    expect(value('LOG_SIGNING_KEY')).toBe('not set');
    expect(value('PUBLIC_URL')).toBe('http://localhost:3000');
    expect(settings.filter((s) => s.secret).map((s) => s.name)).toEqual([
      'DATABASE_URL password',
      'SMTP_URL user and password',
      'LOG_SIGNING_KEY',
      'MQTT_URL',
    ]);
  });

  it('shows MQTT_URL only as set, and the MQTT and retention settings as given', () => {
    const settings = settingsOf({
      publicUrl: 'http://localhost:3000',
      mqttUrl: 'mqtts://plastrace:s3cret@broker.example.ph:8883',
      mqttPort: 'off',
      mqttHost: '10.0.0.5',
      readingsRetentionDays: 90,
    });
    const value = (name: string) => settings.find((s) => s.name === name)?.value;
    expect(JSON.stringify(settings)).not.toContain('s3cret');
    expect(JSON.stringify(settings)).not.toContain('broker.example.ph');
    expect(value('MQTT_URL')).toBe('set');
    expect(value('MQTT_PORT')).toBe('off');
    expect(value('MQTT_HOST')).toBe('10.0.0.5');
    expect(value('READINGS_RETENTION_DAYS')).toBe('90');
  });
});

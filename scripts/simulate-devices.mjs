#!/usr/bin/env node
/**
 * `npm run simulate:devices -- --key ptk_… --device <id> [--url mqtt://localhost:1884] [--kind weight]
 * [--interval 1000] [--count N] [--external] [--ca cert.pem]`: a device publishing realistic readings over MQTT to
 * plastrace/devices/{id}/readings (the README's "Devices over MQTT"). Kinds: weight (a weighbridge: a
 * truck drives on, the weight climbs unsettled, settles at its gross weight, drives off), energy (a
 * meter: cumulative kWh at the line's power, with the power), position (a truck moving around Metro
 * Manila), environment (temperature and humidity). Prints each message and the server's results.
 * --external: the broker is not PlasTrace's own (MQTT_URL), so the key travels in each message.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';

const USAGE = `Usage: npm run simulate:devices -- --key ptk_… --device <device id> [options]

  --key KEY         the device's ingest API key (Settings › API keys)
  --device ID       the device's id (its page shows it)
  --url URL         the MQTT broker (default mqtt://localhost:1884, the server's own)
  --kind KIND       weight | energy | position | environment (default weight)
  --interval MS     milliseconds between messages (default 1000)
  --count N         messages to send, then exit (default: until Ctrl-C)
  --external        the broker is an external one (MQTT_URL): put the key in each message
  --ca FILE         with an mqtts:// URL: the PEM certificate to trust (a self-signed broker's own)
  -h, --help        show this help`;

function options() {
  const { values } = parseArgs({
    options: {
      key: { type: 'string' },
      device: { type: 'string' },
      url: { type: 'string', default: 'mqtt://localhost:1884' },
      kind: { type: 'string', default: 'weight' },
      interval: { type: 'string', default: '1000' },
      count: { type: 'string' },
      external: { type: 'boolean', default: false },
      ca: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const problems = [];
  if (!values.key?.startsWith('ptk_')) problems.push('--key: an API key starting with ptk_');
  if (!/^[0-9a-f-]{36}$/i.test(values.device ?? '')) problems.push('--device: the device id (a UUID)');
  if (!['weight', 'energy', 'position', 'environment'].includes(values.kind))
    problems.push('--kind: weight, energy, position or environment');
  const interval = Number(values.interval);
  if (!Number.isInteger(interval) || interval < 50) problems.push('--interval: milliseconds, 50 or more');
  const count = values.count === undefined ? Number.POSITIVE_INFINITY : Number(values.count);
  if (!(count > 0) || (Number.isFinite(count) && !Number.isInteger(count)))
    problems.push('--count: a whole number above 0');
  if (problems.length) {
    console.error(`${problems.join('\n')}\n\n${USAGE}`);
    process.exit(2);
  }
  return { ...values, interval, count };
}

const round = (v, step) => Math.round(v / step) * step;
const noise = (size) => (Math.random() * 2 - 1) * size;

/** A weighbridge (10 kg divisions): empty, a truck driving on, settled, driving off, and again. */
function weighbridge() {
  let phase = 'empty';
  let step = 0;
  let gross = 0;
  let shown = 0;
  return () => {
    step++;
    if (phase === 'empty' && step > 3)
      [phase, step, gross] = ['on', 0, round(8_000 + Math.random() * 22_000, 10)];
    else if (phase === 'on' && step > 4) [phase, step] = ['settled', 0];
    else if (phase === 'settled' && step > 6) [phase, step] = ['off', 0];
    else if (phase === 'off' && step > 3) [phase, step] = ['empty', 0];
    if (phase === 'empty') shown = round(noise(10), 10);
    else if (phase === 'on') shown = round(gross * Math.min(1, step / 4) + noise(gross * 0.03), 10);
    else if (phase === 'settled') shown = step < 2 ? round(gross + noise(40), 10) : gross;
    else shown = round(gross * Math.max(0, 1 - step / 3) + noise(200), 10);
    const stable = phase === 'empty' || (phase === 'settled' && step >= 2);
    // An empty bridge drifts a division either side of zero; a loaded one never reads below it.
    return [{ kind: 'weight', value: phase === 'empty' ? shown : Math.max(0, shown), unit: 'kg', stable }];
  };
}

/** An energy meter on a line drawing 120–180 kW. */
function energyMeter(intervalMs) {
  let kwh = round(10_000 + Math.random() * 50_000, 0.01);
  return () => {
    const kw = round(150 + noise(30), 0.1);
    kwh = round(kwh + (kw * intervalMs) / 3_600_000, 0.001);
    return [
      { kind: 'energy', value: kwh, unit: 'kWh' },
      { kind: 'power', value: kw, unit: 'kW' },
    ];
  };
}

/** A truck around Metro Manila at 20–60 km/h. */
function gpsTracker(intervalMs) {
  let lat = 14.5995 + noise(0.05);
  let lon = 120.9842 + noise(0.05);
  let heading = Math.random() * 2 * Math.PI;
  return () => {
    const speed = round(40 + noise(20), 0.1);
    heading += noise(0.3);
    const km = (speed * intervalMs) / 3_600_000;
    lat = Math.min(14.8, Math.max(14.35, lat + (km / 111) * Math.cos(heading)));
    lon = Math.min(
      121.15,
      Math.max(120.9, lon + (km / (111 * Math.cos((lat * Math.PI) / 180))) * Math.sin(heading)),
    );
    return [
      {
        kind: 'position',
        latitude: round(lat, 0.000001),
        longitude: round(lon, 0.000001),
        value: speed,
        unit: 'km/h',
      },
    ];
  };
}

/** A warehouse sensor: warmer and drier in the afternoon. */
function environmentSensor() {
  return () => {
    const hour = new Date().getHours() + new Date().getMinutes() / 60;
    const day = Math.sin(((hour - 8) / 24) * 2 * Math.PI);
    return [
      { kind: 'temperature', value: round(30 + 3 * day + noise(0.3), 0.1), unit: '°C' },
      { kind: 'humidity', value: round(72 - 10 * day + noise(1.5), 0.1), unit: '%' },
    ];
  };
}

const opts = options();
const make = {
  weight: weighbridge,
  energy: energyMeter,
  position: gpsTracker,
  environment: environmentSensor,
}[opts.kind];
const nextReadings = make(opts.interval);
const topic = `plastrace/devices/${opts.device}/readings`;
const client = mqtt.connect(opts.url, {
  // The server's own broker signs the device in with its key; an external broker has its own sign-in.
  ...(opts.external ? {} : { username: opts.device, password: opts.key }),
  // mqtts with a certificate no public authority signed: trust that certificate (and only it).
  ...(opts.ca ? { ca: readFileSync(opts.ca) } : {}),
  reconnectPeriod: 2_000,
});

let sent = 0;
let answered = 0;
let lastSeq = 0;
let timer;
// A sequence number per reading, rising across runs of the simulator (milliseconds since 1970).
const seq = () => (lastSeq = Math.max(lastSeq + 1, Date.now()));

function finish(code = 0) {
  clearInterval(timer);
  client.end(false, {}, () => process.exit(code));
}

client.on('connect', () => {
  console.log(`connected to ${new URL(opts.url).host}; publishing ${opts.kind} readings to ${topic}`);
  if (!opts.external) client.subscribe(`${topic}/results`, { qos: 0 });
  if (timer) return;
  const tick = () => {
    const now = new Date().toISOString();
    const readings = nextReadings().map((r) => ({ seq: seq(), recorded_at: now, ...r }));
    const payload = opts.external ? { key: opts.key, readings } : readings;
    client.publish(topic, JSON.stringify(payload), { qos: 1 }, (err) => {
      if (err) console.error(`not sent: ${err.message}`);
    });
    sent++;
    console.log(
      readings
        .map((r) =>
          r.kind === 'position'
            ? `position ${r.latitude}, ${r.longitude} at ${r.value} km/h`
            : `${r.kind} ${r.value} ${r.unit}${r.stable === undefined ? '' : r.stable ? ' (stable)' : ' (moving)'}`,
        )
        .join(' | '),
    );
    if (sent >= opts.count) {
      clearInterval(timer);
      // Wait for the last answer (the server's own broker answers each message), at most 5 s.
      setTimeout(() => finish(0), opts.external ? 500 : 5_000).unref();
    }
  };
  tick();
  if (sent < opts.count) timer = setInterval(tick, opts.interval);
});

client.on('message', (_topic, payload) => {
  answered++;
  const r = JSON.parse(payload.toString());
  if (r.error) console.error(`  refused: ${r.error}`);
  else {
    const refused = r.results.filter((x) => x.status === 'rejected').map((x) => x.message);
    console.log(
      `  → ${r.accepted} stored, ${r.duplicates} duplicate, ${r.rejected} refused${refused.length ? `: ${refused.join('; ')}` : ''}`,
    );
  }
  if (sent >= opts.count && answered >= sent) finish(0);
});

client.on('error', (err) => {
  console.error(
    `MQTT: ${err.message}${/not authorized|bad user/i.test(err.message) ? ' (check --key: an ingest key of this device, not revoked)' : ''}`,
  );
  if (!client.connected) finish(1);
});
client.on('close', () => {
  if (sent < opts.count) console.error('disconnected; reconnecting…');
});
process.on('SIGINT', () => finish(0));

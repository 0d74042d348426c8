import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A client that reconnects by itself for as long as it lives stops when the code that made it
 * calls one of the library's stop methods on it (`end()`, `close()`, `quit()`, from the catalog):
 * its reconnection then ends when its owner decides, not never. The client is followed to where
 * it is kept: a field of `this`, a variable, a function's return (bare or in a returned object's
 * field) to a caller that keeps it. A client nothing in the file stops, or whose stop is a method
 * of something else, still never gives up.
 */
const mqttClass = (stop: string) => `import mqtt from 'mqtt';

export class Bus {
  private client?: mqtt.MqttClient;

  async connect(url: string): Promise<void> {
    this.client = await mqtt.connectAsync(url, { username: 'bus' });
  }

  async disconnect(): Promise<void> {
    ${stop}
  }
}
`;

const returnedSource = (close: string) => `import EventSource from 'eventsource';

const makeSource = (url: string) => {
  let source: EventSource;
  source = new EventSource(url, { headers: {} });
  return { source, opened: Date.now() };
};

export function listen(url: string) {
  const { source } = makeSource(url);
  return { close: () => ${close} };
}
`;

const redisHeld = (after: string) => `import Redis from 'ioredis';

export function start(url: string) {
  const redis = new Redis(url);
  ${after}
  return redis;
}
`;

const toJs = (code: string) => code.replace(/private client\?: mqtt\.MqttClient;\n\n/, '').replace(/: Promise<void>|: string|: EventSource/g, '');
const unbounded = (line: number, column: number, what: string) => ({ messageId: 'unbounded' as const, line, column, data: { what } });

ruleTester.run('no-unbounded-retry with a client its owner stops', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: this.client?.endAsync() in another method', code: mqttClass('await this.client?.endAsync();'), filename: 'bus.ts' },
    { name: 'TypeScript: this.client!.end() in another method', code: mqttClass('this.client!.end();'), filename: 'bus.ts' },
    { name: 'JavaScript: this.client.end() in another method', code: toJs(mqttClass('this.client.end();')), filename: 'bus.js' },
    { name: "TypeScript: returned in an object's field, closed by the caller", code: returnedSource('source.close()'), filename: 'listen.ts' },
    { name: "JavaScript: returned in an object's field, closed by the caller", code: toJs(returnedSource('source.close()')), filename: 'listen.js' },
    { name: 'TypeScript: a variable quit on shutdown', code: redisHeld("process.on('SIGTERM', () => redis.quit());"), filename: 'start.ts' },
    { name: 'TypeScript: a variable disconnected in a cleanup', code: redisHeld('const stop = () => { redis.disconnect(); };\n  void stop;'), filename: 'start.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: the other method ends something else',
      code: mqttClass('await this.other?.endAsync();'),
      filename: 'bus.ts',
      errors: [unbounded(7, 25, "This mqtt client's default reconnection")],
    },
    {
      name: 'TypeScript: the other method calls no stop method of the client',
      code: mqttClass('this.client?.removeAllListeners();'),
      filename: 'bus.ts',
      errors: [unbounded(7, 25, "This mqtt client's default reconnection")],
    },
    {
      name: "TypeScript: the caller closes another field, not the client's",
      code: returnedSource('source.removeAllListeners()'),
      filename: 'listen.ts',
      errors: [unbounded(5, 12, "This EventSource client's reconnection (from the `eventsource` package)")],
    },
    {
      name: 'TypeScript: returned and never stopped in this file',
      code: redisHeld("redis.on('error', () => undefined);"),
      filename: 'start.ts',
      errors: [unbounded(4, 17, "This ioredis client's default reconnection")],
    },
    {
      name: 'TypeScript: a stop method called on a different client',
      code: redisHeld("const other = new Redis(url);\n  process.on('SIGTERM', () => other.quit());"),
      filename: 'start.ts',
      errors: [unbounded(4, 17, "This ioredis client's default reconnection")],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a client its owner stops', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: the fixed wait stays, with the attempts ending when the owner stops the client',
      code: mqttClass('await this.client?.endAsync();'),
      filename: 'bus.ts',
      errors: [{ messageId: 'fixedDelay', line: 7, column: 25, data: { what: "This mqtt client's default reconnection", delay: 'a fixed 1 s', attempts: 'until its owner stops it' } }],
    },
    {
      name: 'JavaScript: the same, from a returned field',
      code: toJs(returnedSource('source.close()')),
      filename: 'listen.js',
      errors: [{ messageId: 'fixedDelay', line: 5, column: 12, data: { what: "This EventSource client's reconnection (from the `eventsource` package)", delay: 'a fixed 3 s', attempts: 'until its owner stops it' } }],
    },
  ],
});

// Load generator of scripts/bench-catalogue.ts, run in its own process so it does not share the
// server's event loop. Argument: a JSON file {url, connections, duration, requests: [{path, body}]};
// prints one JSON line. Requests are handed out in turn across all connections, so a list of
// distinct requests is sent once each before any repeats.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const options = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const all = options.requests;
let next = 0;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [
    {
      setupRequest: (request) => {
        const { path, body } = all[next % all.length];
        next += 1;
        return { ...request, method: 'POST', path, body };
      },
    },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  })}\n`,
);

/**
 * The fake FCM in a process of its own for `npm run bench:push`, so its work does not share the
 * sender's event loop: FCM's real servers are elsewhere too. It keeps only per-token counts, writes
 * where it listens to BENCH_FCM_INFO, and answers its counts on STATS_PORT (POST /reset clears them).
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { startFakeFcm } from '../fcm/fake-fcm';

const fake = await startFakeFcm({ port: Number(process.env.PORT), host: '127.0.0.1', record: false });
fake.latencyMs = Number(process.env.FCM_LATENCY_MS ?? 0);

http
  .createServer((request, response) => {
    if (request.method === 'POST') fake.reset();
    let accepted = 0;
    let twice = 0;
    for (const times of fake.accepted.values()) {
      accepted += times;
      if (times > 1) twice++;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ tokens: fake.accepted.size, accepted, twice }));
  })
  .listen(Number(process.env.STATS_PORT), '127.0.0.1', () => {
    writeFileSync(process.env.BENCH_FCM_INFO!, JSON.stringify({ url: fake.url, credentialsFile: fake.credentialsFile }));
  });

process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));

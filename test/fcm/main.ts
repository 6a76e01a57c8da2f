/**
 * `npm run fcm:fake`: the fake FCM on its own, to point a local Crease at and watch what it sends.
 * A token's text picks its fate, so a phone's token can be made to fail by hand: one containing
 * UNREGISTERED is gone, QUOTA is throttled once then accepted, INTERNAL always fails; the rest are
 * accepted.
 */
import { startFakeFcm, type FcmReceived } from './fake-fcm';

function log({ token, message, outcome }: FcmReceived): void {
  const title = message?.notification?.title ?? message?.android?.notification?.title ?? message?.apns?.payload?.aps?.alert?.title ?? '-';
  console.log(`${new Date().toISOString()}  ${token.slice(0, 12).padEnd(12)}  ${outcome.padEnd(13)}  ${title}`);
}

const fake = await startFakeFcm({ port: Number(process.env.PORT ?? 9099), host: '127.0.0.1', onSend: log });
fake.setDefault((token) => {
  if (token.includes('UNREGISTERED')) return 'unregistered';
  if (token.includes('INTERNAL')) return 'internal';
  if (token.includes('QUOTA')) {
    // The default is asked only for tokens with no script: from now on this one is accepted.
    fake.script(token, 'accept');
    return 'quota';
  }
  return 'accept';
});

console.log(`Fake FCM listening on ${fake.url}`);
console.log('Start Crease with:');
console.log(`  FCM_CREDENTIALS=${fake.credentialsFile} FCM_API_URL=${fake.url} PUBLIC_URL=http://127.0.0.1:8080 npm start`);
console.log('Tokens containing UNREGISTERED, QUOTA (once) or INTERNAL fail; the rest are accepted.');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    // close() also deletes the credentials file, which is only good while this process lives.
    void fake.close().then(() => {
      console.log(`Fake FCM closed (${fake.accepted.size} tokens delivered to, ${fake.tokensIssued} access tokens issued).`);
      process.exit(0);
    });
  });
}

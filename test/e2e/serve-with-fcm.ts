/**
 * The e2e server with push delivery set up, sending to the fake FCM started in the same process, so
 * the flows see real sends end. A phone's token picks its fate: one containing UNREGISTERED is gone,
 * one containing REFUSED is answered as FCM answers revoked credentials (which stops a send), any
 * other is accepted.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { startFakeFcm } from '../fcm/fake-fcm';

const fcm = await startFakeFcm({ host: '127.0.0.1' });
fcm.setDefault((token) => (token.includes('UNREGISTERED') ? 'unregistered' : token.includes('REFUSED') ? 'refused' : 'accept'));
// The service-account file points at this process's token endpoint: it goes with the process.
process.once('exit', () => rmSync(dirname(fcm.credentialsFile), { recursive: true, force: true }));
process.env.FCM_CREDENTIALS = fcm.credentialsFile;
process.env.FCM_API_URL = fcm.url;
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT ?? 8080}`;
await import('../../server/main');

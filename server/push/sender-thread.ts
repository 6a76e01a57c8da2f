/**
 * The FCM client in a worker thread of its own (see threaded-sender.ts): it takes requests in
 * batches from the server's main thread and answers them in batches, so its HTTP work goes on
 * while the main thread serves admins or waits on the embedded database.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FcmClient, type FcmSettings } from './fcm';
import type { SendReply, SendRequest } from './threaded-sender';

const client = new FcmClient(workerData as FcmSettings);
let replies: SendReply[] = [];

const flush = () => {
  const batch = replies;
  replies = [];
  if (batch.length > 0) parentPort!.postMessage(batch);
};

parentPort!.on('message', (requests: SendRequest[]) => {
  for (const { id, token, platform, message } of requests) {
    void client.send(token, platform, message).then((outcome) => {
      if (replies.push({ id, outcome }) === 1) setImmediate(flush);
    });
  }
});

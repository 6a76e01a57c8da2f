/**
 * An FCM client whose HTTP work runs in a worker thread (sender-thread.ts). Each send is a
 * promise here as with FcmClient itself; requests made in one turn of the event loop go to the
 * thread together, and its answers come back together. Why: on PGlite every query runs on the
 * main thread, and a send to 100,000 phones should not wait on an admin's list, nor slow it.
 */
import { Worker } from 'node:worker_threads';
import type { Platform } from '../../src/domain/push';
import type { FcmSettings, PushMessage, SendOutcome } from './fcm';

export interface SendRequest {
  id: number;
  token: string;
  platform: Platform;
  message: PushMessage;
}

export interface SendReply {
  id: number;
  outcome: SendOutcome;
}

export interface Sender {
  send(token: string, platform: Platform, message: PushMessage): Promise<SendOutcome>;
  close(): void;
}

export class ThreadedSender implements Sender {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (outcome: SendOutcome) => void>();
  private requests: SendRequest[] = [];
  private nextId = 0;

  constructor(settings: FcmSettings) {
    // The server runs as TypeScript through tsx, whose loader a worker does not inherit: it registers it first.
    const entry = new URL('./sender-thread.ts', import.meta.url).href;
    this.worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, {
      eval: true,
      workerData: settings,
    });
    this.worker.on('message', (replies: SendReply[]) => {
      for (const { id, outcome } of replies) {
        this.waiting.get(id)?.(outcome);
        this.waiting.delete(id);
      }
    });
    // A thread that dies takes its requests with it: they are answered as a network failure, tried again later.
    this.worker.on('error', () => this.failAll());
    this.worker.on('exit', () => this.failAll());
    this.worker.unref();
  }

  send(token: string, platform: Platform, message: PushMessage): Promise<SendOutcome> {
    const id = this.nextId++;
    if (this.requests.push({ id, token, platform, message }) === 1) setImmediate(() => this.flush());
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  private flush() {
    const batch = this.requests;
    this.requests = [];
    this.worker.postMessage(batch);
  }

  private failAll() {
    for (const resolve of this.waiting.values()) resolve({ kind: 'retry', reason: 'NETWORK' });
    this.waiting.clear();
  }

  close(): void {
    void this.worker.terminate();
  }
}

/**
 * The server's one clock, `app.clock`: every job, route, token and test reads the time from it, never
 * from `new Date()` or the database's `now()`, so a test that moves it moves the whole server. buildApp
 * decorates it first (AppOptions.clock, the system's time by default).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    clock: Clock;
  }
}

/** The admin the e2e server is started with (playwright.config.ts) and the specs sign in as. */
export const E2E_ADMIN = { email: 'admin@crease.local', password: 'crease-e2e-password' };

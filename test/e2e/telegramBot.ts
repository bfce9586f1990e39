/** The bot the browser tests' server is configured with (globalSetup.ts): its token signs the fake widget's users. */
export const E2E_TELEGRAM_BOT = { token: '123456789:e2e-test-bot-token', name: 'stockroom_e2e_bot' } as const;

import { act } from './renderAct';

/**
 * Lets every pending promise, and the renders they cause, settle: a few timer turns inside act(). The one
 * helper for React and Preact tests (the widget project maps renderAct to Preact's act).
 */
export async function settle(rounds = 6, ms = 0): Promise<void> {
  for (let index = 0; index < rounds; index += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
}

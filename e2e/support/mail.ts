import type { Stack } from '@nashr/tools/process-stack';
import { expect } from 'vitest';

type CaughtText = { text: string | null; html: string | null };

/** The mails the stack's local mail catcher holds for `address`, newest first. */
export async function mailsTo(stack: Stack, address: string): Promise<CaughtText[]> {
  const response = await fetch(
    `http://127.0.0.1:${stack.ports['mail-inbox']}/api/messages?to=${encodeURIComponent(address)}`,
  );
  return ((await response.json()) as { messages: CaughtText[] }).messages;
}

/**
 * Polls the mail catcher until at least `count` mails reached `address` and `find` reads what it
 * needs from the newest one.
 */
export async function fromNewestMail(
  stack: Stack,
  address: string,
  count: number,
  find: (text: string) => string | undefined,
  timeout: number,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(stack, address);
        found = mails.length >= count ? find(mails[0]?.text ?? mails[0]?.html ?? '') : undefined;
        return found !== undefined;
      },
      { timeout, interval: 200, message: `no matching mail reached ${address}` },
    )
    .toBe(true);
  return found as string;
}

/** The sign-in link of a sign-in mail's text, as a mail program would open it. */
export function signInLinkIn(text: string): string | undefined {
  return /https?:\/\/[^\s"'<>]+\/api\/v1\/auth\/magic-login\/verify\?token=[^\s"'<>]+/
    .exec(text)?.[0]
    .replace(/&amp;/g, '&');
}

import type { CaughtMail } from '@nashr/fakes/mail-catcher';
import type { Stack } from '@nashr/tools/process-stack';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A mail as the stack's local mail catcher shows it. */
export type { CaughtMail };

/** The mails the stack's local mail catcher holds for `address`, newest first. */
export async function mailsTo(stack: Stack, address: string): Promise<CaughtMail[]> {
  const response = await fetch(
    `http://127.0.0.1:${stack.ports['mail-inbox']}/api/messages?to=${encodeURIComponent(address)}`,
  );
  return ((await response.json()) as { messages: CaughtMail[] }).messages;
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
  return (await newestMailWith(stack, address, count, find, timeout)).found;
}

/** `fromNewestMail`, with the mail the value was read from (its subject, its headers). */
export async function newestMailWith(
  stack: Stack,
  address: string,
  count: number,
  find: (text: string) => string | undefined,
  timeout: number,
): Promise<{ found: string; mail: CaughtMail }> {
  let result: { found: string; mail: CaughtMail } | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(stack, address);
        const newest = mails[0];
        const found = mails.length >= count && newest ? find(newest.text ?? newest.html ?? '') : undefined;
        result = found === undefined || !newest ? undefined : { found, mail: newest };
        return result !== undefined;
      },
      { timeout, interval: 200, message: `no matching mail reached ${address}` },
    )
    .toBe(true);
  return result as { found: string; mail: CaughtMail };
}

/** The accept link of a workspace invitation mail's text, as a mail program would open it. */
export function acceptLinkIn(text: string): string | undefined {
  return /https?:\/\/[^\s"'<>]+\/workspaces\/accept#token=[^\s"'<>]+/.exec(text)?.[0];
}

/** The sign-in link of a sign-in mail's text, as a mail program would open it. */
export function signInLinkIn(text: string): string | undefined {
  return /https?:\/\/[^\s"'<>]+\/api\/v1\/auth\/magic-login\/verify\?token=[^\s"'<>]+/
    .exec(text)?.[0]
    .replace(/&amp;/g, '&');
}

/**
 * Opens a sign-in link as its reader does: the page names the address the link signs in as and
 * spends the link only on the click on "Continue as <address>" (a mail scanner clicks nothing).
 */
export async function followSignInLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await continueSignIn(page);
}

/** On the page a sign-in link opened, clicks "Continue as <address>", which spends the link. */
export async function continueSignIn(page: Page): Promise<void> {
  await page.getByTestId('verify-continue').getByRole('button').click();
}

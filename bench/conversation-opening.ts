/**
 * The 200-message conversation of `npm run bench:ui`: seeded through the app's RPC as the Chat
 * page sends (each question waits for its answer, as the app requires), and the longest
 * main-thread task while it opens, from another conversation and from another page.
 */
import type { Browser, Page } from 'playwright-core';

export const CONVERSATION_MESSAGES = 200;
const SHORT_TITLE = 'A short conversation';
const LONG_FIRST = 'long chat 0';
const LAST_ANSWER = `Simulated reply to: "long chat ${CONVERSATION_MESSAGES / 2 - 1}"`;

type Rpc = (method: string, params?: unknown) => Promise<unknown>;

interface Conversation {
  id: string;
  messages?: { content: string }[];
}

async function sendWhenIdle(rpc: Rpc, conversationId: string, content: string): Promise<void> {
  for (;;) {
    try {
      await rpc('chat.send', { conversationId, content });
      return;
    } catch (error) {
      // The previous answer is still being written: the app refuses a question meanwhile.
      if (!String(error).includes('Stop it first')) throw error;
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

async function answered(rpc: Rpc, id: string, count: number): Promise<void> {
  for (;;) {
    const c = (await rpc('chat.get', { id })) as Conversation;
    const messages = c.messages ?? [];
    if (messages.length === count && messages.every((m) => m.content !== '')) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A short conversation to come from, then the long one (the most recent, so Chat opens it). */
export async function seedConversations(rpc: Rpc): Promise<void> {
  const short = (await rpc('chat.create', {
    model: 'sim-chat',
    title: SHORT_TITLE,
  })) as Conversation;
  await sendWhenIdle(rpc, short.id, SHORT_TITLE);
  await answered(rpc, short.id, 2);
  const long = (await rpc('chat.create', { model: 'sim-chat' })) as Conversation;
  for (let i = 0; i < CONVERSATION_MESSAGES / 2; i += 1) {
    await sendWhenIdle(rpc, long.id, `long chat ${i}`);
  }
  await answered(rpc, long.id, CONVERSATION_MESSAGES);
}

const resetLongest = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __longestTask: number }).__longestTask = 0));

const readLongest = (page: Page) =>
  page.evaluate(() => (window as unknown as { __longestTask: number }).__longestTask);

const conversationButton = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name });

async function showsLongConversation(page: Page): Promise<void> {
  await page.getByText(LAST_ANSWER, { exact: false }).first().waitFor({ timeout: 30_000 });
}

/**
 * Worst of `openings` of the long conversation: clicked in the list while the short one is
 * open, and Chat opened from Settings with the long one the open conversation.
 */
export async function longestConversationOpening(
  browser: Browser,
  uiUrl: string,
  probe: string,
  openings: number,
): Promise<{ fromConversation: number; fromPage: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(probe);
  const page = await context.newPage();
  await page.goto(`${uiUrl}#/chat`);
  await showsLongConversation(page);
  await page.waitForTimeout(1_000);
  let fromConversation = 0;
  let fromPage = 0;
  for (let round = 0; round < openings; round += 1) {
    await conversationButton(page, new RegExp(`^${SHORT_TITLE}`)).click();
    await page.getByText(`Simulated reply to: "${SHORT_TITLE}"`).first().waitFor();
    await page.waitForTimeout(300);
    await resetLongest(page);
    await conversationButton(page, new RegExp(`^${LONG_FIRST}`)).click();
    await showsLongConversation(page);
    // Measured messages settle after the first paint: wait for them.
    await page.waitForTimeout(800);
    fromConversation = Math.max(fromConversation, await readLongest(page));

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.waitForTimeout(300);
    await resetLongest(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Chat' })
      .click();
    await showsLongConversation(page);
    await page.waitForTimeout(800);
    fromPage = Math.max(fromPage, await readLongest(page));
  }
  await context.close();
  return { fromConversation, fromPage };
}

import { copyText } from '../lib/clipboard.ts';
import { toast } from '../stores/toast-store.ts';
import { escapeHtml } from './escape-html.ts';

// lucide's Copy and Check icons as lucide-react draws them at size 14: the code blocks of an
// answer are an HTML string (Markdown.tsx), so their buttons are too.
const ICON_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const COPY_ICON = `${ICON_OPEN} class="lucide lucide-copy" aria-hidden="true"><rect width="14" height="14" x="8" y="8" rx="2" ry="2"></rect><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"></path></svg>`;
const CHECK_ICON = `${ICON_OPEN} class="lucide lucide-check" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>`;

/** How long the Check icon shows after a copy, as CopyButton's. */
const COPIED_MS = 1500;

/**
 * A code block's Copy button, as CopyButton draws it icon-only (`label`: its accessible name,
 * in the UI's language). Its clicks are handled by `copyCodeOnClick` on the container.
 */
export function copyButtonHtml(label: string): string {
  const name = escapeHtml(label);
  return `<button type="button" class="btn btn-sm code-copy on-hover btn-icon" aria-label="${name}" title="${name}">${COPY_ICON}</button>`;
}

const restoring = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/**
 * A click anywhere in rendered Markdown: when it is on a code block's Copy button, copies that
 * block's code and says so (toasts as CopyButton's, the Check icon for a moment).
 */
export async function copyCodeOnClick(
  target: EventTarget | null,
  messages: { copied: string; failed: string },
): Promise<void> {
  const button = target instanceof Element ? target.closest('.code-copy') : null;
  const code = button?.closest('.code-block')?.querySelector('code');
  if (!button || !code) return;
  if (!(await copyText(code.textContent ?? ''))) {
    toast.error(messages.failed);
    return;
  }
  toast.success(messages.copied);
  button.innerHTML = CHECK_ICON;
  clearTimeout(restoring.get(button));
  restoring.set(
    button,
    setTimeout(() => (button.innerHTML = COPY_ICON), COPIED_MS),
  );
}

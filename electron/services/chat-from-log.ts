import type { Conversation } from '../../shared/contract.ts';
import type { Store } from '../store/index.ts';
import { AppError } from './app-services-api.ts';
import { canonicalToChat } from './canonical-to-chat.ts';
import { titleFrom } from './chat-title.ts';
import { decodeLoggedRequest } from './decode-logged-request.ts';
import { errorText } from '../../shared/error-text.ts';

/**
 * "Open in chat" from the Logs page: a new conversation holding a logged request's system
 * prompt, turns, parameters and model, so the user can continue it or send it again.
 */
export function conversationFromLog(
  store: Store,
  requestId: string,
): { conversation: Conversation; omitted: string[] } {
  // The request may have been answered a moment ago: its record may still be queued.
  store.logWriter.flush();
  const row = store.requestLog.getLogEntry(requestId);
  if (!row)
    throw new AppError('not_found', `No request with id '${requestId}' in the log.`, {
      i18n: errorText('chat.errors.logEntryNotFound', { id: requestId }),
    });
  const request = decodeLoggedRequest(
    {
      path: row.path,
      body: row.capture?.requestBody ?? null,
      model: row.model,
      stream: row.stream,
    },
    store.responses,
  );
  const replay = canonicalToChat(request);
  if (replay.messages.length === 0)
    throw new AppError(
      'bad_request',
      'This request cannot be opened in chat: it has no text or images the chat can show.',
      { i18n: errorText('chat.errors.fromLog.nothingToShow') },
    );
  const firstQuestion = replay.messages.find((m) => m.role === 'user')?.content ?? '';
  const conversation = store.conversations.createWithMessages(
    {
      // Without a question to name it, it stays untitled, named by the UI in its language.
      title: titleFrom(firstQuestion),
      // The model the request named; the log's copy is the same, clipped for display.
      model: replay.model || row.model,
      systemPrompt: replay.systemPrompt,
      params: replay.params,
    },
    replay.messages,
  );
  return { conversation, omitted: replay.omitted };
}

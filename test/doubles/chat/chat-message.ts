import type { ChatMessage } from '../../../shared/contract.ts';

/**
 * A stored chat message with every field a test does not care about left empty; the test
 * names what it checks in `extra`.
 */
export function chatMessage(
  role: ChatMessage['role'],
  content: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id: `m-${content}`,
    conversationId: 'c',
    role,
    content,
    model: null,
    route: null,
    inputTokens: null,
    outputTokens: null,
    costUsd: null,
    error: null,
    errorKind: null,
    errorStatus: null,
    stopped: false,
    attachments: [],
    createdAt: 0,
    parentId: null,
    ...extra,
  };
}

import { FileText, X } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatBytes,
  imageDataUrl,
  type ChatAttachment,
} from '../../../../shared/chat-attachments.ts';
import './attachments.css';

interface AttachmentListProps {
  attachments: readonly ChatAttachment[];
  /** Given in the composer: each file gets a remove button. */
  onRemove?: (index: number) => void;
}

/** Images as thumbnails and text files as chips, with their names; removable while composing. */
export const AttachmentList = memo(function AttachmentList({
  attachments,
  onRemove,
}: AttachmentListProps) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-list" aria-label={t('chat.attachments.label')}>
      {attachments.map((attachment, index) => (
        <li
          // Names may repeat (two pasted "image.png"); the position tells them apart.
          key={`${index}-${attachment.name}`}
          className={`attachment attachment-${attachment.kind}-kind`}
        >
          {attachment.kind === 'image' ? (
            // The name beside it says what it is; the thumbnail adds nothing to read out.
            <img
              className="attachment-thumb"
              src={imageDataUrl(attachment)}
              alt=""
              width={56}
              height={56}
            />
          ) : (
            <FileText size={16} aria-hidden="true" className="attachment-icon" />
          )}
          <span className="attachment-text">
            <span className="visually-hidden">
              {attachment.kind === 'image'
                ? t('chat.attachments.imagePrefix')
                : t('chat.attachments.textPrefix')}
            </span>
            <span className="attachment-name" title={attachment.name}>
              {attachment.name}
            </span>
            <span className="attachment-size">{formatBytes(attachment.size)}</span>
          </span>
          {onRemove ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-icon attachment-remove"
              aria-label={t('chat.attachments.remove', { name: attachment.name })}
              title={t('chat.attachments.remove', { name: attachment.name })}
              onClick={() => onRemove(index)}
            >
              <X size={13} aria-hidden="true" />
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
});

import { TextedError, type ErrorText } from '../../shared/error-text.ts';

/**
 * A step of an update that failed (the check, the download, its verification): the English
 * message for the log, and its words in the UI's language, which the update state carries.
 */
export class UpdateFailure extends TextedError {
  declare readonly i18n: ErrorText;

  constructor(message: string, i18n: ErrorText) {
    super(message, i18n);
    this.name = 'UpdateFailure';
  }
}

import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS, replyTimeText } from './messages';
import { MarkThreadInput, NewMessageInput } from './message-inputs';

describe('replyTimeText', () => {
  it('rounds the median up to the hour, then to the day', () => {
    expect(replyTimeText(0)).toBe('within an hour');
    expect(replyTimeText(60)).toBe('within an hour');
    expect(replyTimeText(61)).toBe('within 2 hours');
    expect(replyTimeText(24 * 60)).toBe('within 24 hours');
    expect(replyTimeText(24 * 60 + 1)).toBe('within 2 days');
  });
});

describe('NewMessageInput', () => {
  it('asks for a subject, a message and the captcha', () => {
    const result = NewMessageInput.safeParse({ subject: 'Hi', content: 'short', captcha: '' });
    expect(result.error!.issues.map((i) => i.message)).toEqual([MESSAGE_TEXTS.subjectShort, MESSAGE_TEXTS.contentShort, 'Please complete the captcha']);
  });
});

describe('MarkThreadInput', () => {
  it('marks read unless told otherwise', () => {
    expect(MarkThreadInput.parse(undefined)).toEqual({ read: true });
    expect(MarkThreadInput.parse({})).toEqual({ read: true });
    expect(MarkThreadInput.parse({ read: false })).toEqual({ read: false });
  });
});

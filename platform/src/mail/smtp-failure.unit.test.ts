import { describe, expect, it } from 'vitest';
import { MailDeliveryError, assertOneRecipient, mailFailureOf } from './port.ts';
import { smtpFailure } from './smtp.ts';

describe('SMTP failures', () => {
  it('are final when the server refuses this message for good (5xx to its recipient or content, or no recipient at all)', () => {
    expect(smtpFailure({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' })).toBe('refused');
    expect(smtpFailure({ code: 'EMESSAGE', responseCode: 554, command: 'DATA' })).toBe('refused');
    expect(smtpFailure({ code: 'EENVELOPE', command: 'API' })).toBe('refused'); // "No recipients defined"
    expect(smtpFailure({ code: 'EENVELOPE', responseCode: 552, command: 'MAIL FROM' })).toBe('refused'); // too big
  });

  it('put this message off on a 4xx to its recipient or content', () => {
    expect(smtpFailure({ code: 'EENVELOPE', responseCode: 450, command: 'RCPT TO' })).toBe('deferred');
    expect(smtpFailure({ code: 'EMESSAGE', responseCode: 451, command: 'DATA' })).toBe('deferred');
  });

  it('are the server’s when no message could go: connection, timeout, login, our sender refused', () => {
    expect(smtpFailure({ code: 'ECONNECTION', command: 'CONN' })).toBe('unavailable');
    expect(smtpFailure({ code: 'ETIMEDOUT' })).toBe('unavailable');
    expect(smtpFailure({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' })).toBe('unavailable');
    expect(smtpFailure({ code: 'EENVELOPE', responseCode: 550, command: 'MAIL FROM' })).toBe('unavailable');
    expect(smtpFailure({})).toBe('unavailable');
    expect(mailFailureOf(new Error('disk full'))).toBe('unavailable');
  });

  it('refuse for good any recipient that is not exactly one plain address', () => {
    for (const to of ['x', 'a@x.in, b@y.in', 'a@x.in;b@y.in', 'Asha <a@x.in>', 'a@x.in\r\nBcc: b@y.in', `${'a'.repeat(250)}@x.in`]) {
      expect(() => assertOneRecipient({ to }), to).toThrow(MailDeliveryError);
      try {
        assertOneRecipient({ to });
      } catch (error) {
        expect(mailFailureOf(error)).toBe('refused');
      }
    }
    expect(() => assertOneRecipient({ to: 'asha.rao+orders@example.co.in' })).not.toThrow();
  });
});

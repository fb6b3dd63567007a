import { accountEventSchemas, accountStreams, type AccountEventMap } from '@shop/contracts';
import type { Decider, DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';
import { AccountError } from '../errors.ts';

type Ev<K extends keyof AccountEventMap> = DomainEvent<K, AccountEventMap[K]>;

/** Events of one newsletter stream (`newsletter-<digest of the e-mail>`). */
export type NewsletterEvent = Ev<'NewsletterSubscribed'> | Ev<'NewsletterConsentRequested'> | Ev<'NewsletterConsentGiven'> | Ev<'NewsletterConsentWithdrawn'>;

export interface NewsletterState {
  email: string | null;
  /** The confirmation link mailed last, until it is followed or withdrawn. */
  pending: { tokenHash: string; expiresAt: string; purpose: string; noticeVersion: string } | null;
  /** The consent in force (given and not withdrawn), with its terms. */
  consent: { purpose: string; noticeVersion: string } | null;
}

export type NewsletterCommand =
  | { type: 'RequestConsent'; email: string; purpose: string; noticeVersion: string; tokenHash: string; at: string; expiresAt: string }
  | { type: 'Confirm'; tokenHash: string; at: string }
  | { type: 'Withdraw'; how: 'link' | 'one-click' | 'erasure'; at: string };

export const MSG_LINK_INVALID = 'This confirmation link is not valid. Please subscribe again.';
export const MSG_LINK_EXPIRED = 'This confirmation link has expired. Please subscribe again.';

const initialState: NewsletterState = { email: null, pending: null, consent: null };

function evolve(state: NewsletterState, event: NewsletterEvent): NewsletterState {
  switch (event.type) {
    case 'NewsletterSubscribed':
      // Recorded before confirmed opt-in and never confirmed: no consent.
      return { ...state, email: event.data.email };
    case 'NewsletterConsentRequested': {
      const { email, tokenHash, expiresAt, purpose, noticeVersion } = event.data;
      return { ...state, email, pending: { tokenHash, expiresAt, purpose, noticeVersion } };
    }
    case 'NewsletterConsentGiven':
      return { ...state, pending: null, consent: { purpose: event.data.purpose, noticeVersion: event.data.noticeVersion } };
    case 'NewsletterConsentWithdrawn':
      return { ...state, pending: null, consent: null };
  }
}

function decide(command: NewsletterCommand, state: NewsletterState): NewsletterEvent[] {
  switch (command.type) {
    case 'RequestConsent': {
      // Subscribed already, or a live link is on its way: one mail, and the form tells no one which.
      if (state.consent || (state.pending && Date.parse(command.at) <= Date.parse(state.pending.expiresAt))) return [];
      const { email, purpose, noticeVersion, tokenHash, at, expiresAt } = command;
      return [{ type: 'NewsletterConsentRequested', data: { email, purpose, noticeVersion, tokenHash, requestedAt: at, expiresAt } }];
    }
    case 'Confirm': {
      const pending = state.pending;
      if (!pending || pending.tokenHash !== command.tokenHash) throw new AccountError('invalid', MSG_LINK_INVALID);
      if (Date.parse(command.at) > Date.parse(pending.expiresAt)) throw new AccountError('invalid', MSG_LINK_EXPIRED);
      return [{ type: 'NewsletterConsentGiven', data: { purpose: pending.purpose, noticeVersion: pending.noticeVersion, givenAt: command.at } }];
    }
    case 'Withdraw': {
      const terms = state.consent ?? state.pending;
      if (!terms) return [];
      return [{ type: 'NewsletterConsentWithdrawn', data: { purpose: terms.purpose, noticeVersion: terms.noticeVersion, how: command.how, withdrawnAt: command.at } }];
    }
  }
}

export const newsletterDecider: Decider<NewsletterState, NewsletterCommand, NewsletterEvent> = { initialState, evolve, decide };

export const newsletterConsentStream = streamType({ kind: 'newsletter', decider: newsletterDecider, streamId: accountStreams.newsletter, schemas: accountEventSchemas });

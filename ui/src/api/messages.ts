import type { FlaggedReply } from './types.ts';

/** Shown when the browser could not reach the shop at all (offline, server down, CORS). */
export const NETWORK_MESSAGE = 'Network error: the shop could not be reached. Please check your connection and try again.';

interface QueryErrorLike {
  status?: number | string;
  data?: unknown;
  error?: string;
}

function bodyMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { msg, message } = body as FlaggedReply;
  if (typeof msg === 'string' && msg.trim()) return msg;
  if (typeof message === 'string' && message.trim()) return message;
  return null;
}

/**
 * The message of a failed call for the red snackbar: the server's `msg` or `message`, or a plain
 * network message when no reply arrived, or the status when the reply said nothing useful.
 * Accepts RTK Query errors (`{ status, data }`), bodies, and thrown `Error`s.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!error) return fallback;
  if (typeof error === 'object') {
    const e = error as QueryErrorLike;
    const fromBody = bodyMessage(e.data) ?? bodyMessage(error);
    if (fromBody) return fromBody;
    if (e.status === 'FETCH_ERROR' || e.status === 'TIMEOUT_ERROR') return NETWORK_MESSAGE;
    if (e.status === 'PARSING_ERROR') return 'The shop sent an unexpected reply. Please try again.';
    if (typeof e.status === 'number') return `${fallback.replace(/\.$/, '')} (HTTP ${e.status}).`;
    if (error instanceof Error && error.message) return error.message;
  }
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

/** The HTTP status of an RTK Query error, if it has one. */
export function statusOf(error: unknown): number | null {
  const status = (error as QueryErrorLike | null)?.status;
  return typeof status === 'number' ? status : null;
}

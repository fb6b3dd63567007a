import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type ImageUploadDoc, type UserDoc } from '@shop/contracts';
import { type RecordedEvent } from '@shop/platform';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { applyBatch } from '../apply-batch.ts';
import { ACCOUNT_COLLECTIONS } from '@shop/contracts';
import { accountsProjection } from './projection.ts';

const userId = newId();
const uploadId = newId();
const at = '2025-06-01T10:00:00.000Z';
const codeId = crypto.randomUUID();

/** An account's life as the write side records it, secrets included. */
const history = [
  { type: 'AccountEmailReserved', data: { userId, email: 'asha@example.in', reservedAt: at } },
  {
    type: 'AccountRegistered',
    data: { userId, name: 'Asha', email: 'asha@example.in', phone: '9876543210', passwordHash: 'scrypt$32768$8$1$c2FsdA$aGFzaA', method: 'password', images: [], isAdmin: false, registeredAt: at },
  },
  { type: 'VerificationCodeIssued', data: { userId, codeId, purpose: 'verify', codeHash: 'a'.repeat(64), issuedAt: at, expiresAt: at } },
  { type: 'AccountVerified', data: { userId, codeId, method: 'code', verifiedAt: at } },
  { type: 'AvatarImagesUploaded', data: { userId, uploadId, images: ['/uploads/a.png'], uploadedAt: at } },
  { type: 'ProfileUpdated', data: { userId, name: 'Asha R', phone: '9000000000', images: ['/uploads/a.png'], updatedAt: at } },
  { type: 'PasswordChanged', data: { userId, passwordHash: 'scrypt$32768$8$1$c2FsdDI$aGFzaDI', changedAt: at } },
];

describe('accounts projection', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let docs: SqliteDocumentStore;
  let log: RecordedEvent[];

  beforeEach(async () => {
    dir = tempDir();
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    docs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    for (const spec of accountsProjection.collections) await docs.defineCollection(spec);
    for (const event of history) {
      const stream = event.type === 'AccountEmailReserved' ? 'account-email-x' : `account-${userId}`;
      await events.append(stream, [{ id: crypto.randomUUID(), ...event }], 'any');
    }
    log = await events.readAll({ limit: 100 });
  });

  afterEach(async () => {
    await events.close();
    await docs.close();
    dir.remove();
  });

  it('keeps the public user and upload documents, and no secret', async () => {
    await applyBatch(accountsProjection, log, 0n, { store: docs });
    const user = await docs.get<UserDoc>(ACCOUNT_COLLECTIONS.users, userId);
    expect(user).toEqual({
      _id: userId,
      id: userId,
      name: 'Asha R',
      email: 'asha@example.in',
      phone: '9000000000',
      images: ['/uploads/a.png'],
      isAdmin: false,
      isVerify: true,
      dateCreated: at,
    });
    expect(await docs.find<ImageUploadDoc>(ACCOUNT_COLLECTIONS.imageUploads, { userId })).toEqual([
      { _id: uploadId, id: uploadId, userId, images: ['/uploads/a.png'], dateCreated: at },
    ]);
    expect(JSON.stringify(await docs.find(ACCOUNT_COLLECTIONS.users, {}))).not.toMatch(/scrypt|aaaaaaaa|codeHash|passwordHash/);
  });

  it('gives the same documents when any suffix of the log is applied again', async () => {
    await applyBatch(accountsProjection, log, 0n, { store: docs });
    const once = await docs.find(ACCOUNT_COLLECTIONS.users, {});
    for (let from = 0; from < log.length; from++) {
      // Replays that ignore the checkpoint (a rebuild, a redelivered batch) must not change anything.
      await applyBatch(accountsProjection, log.slice(from), 0n, { store: docs, checkpointName: 'replay' });
    }
    expect(await docs.find(ACCOUNT_COLLECTIONS.users, {})).toEqual(once);
  });
});

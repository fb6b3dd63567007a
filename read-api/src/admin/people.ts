import { ACCOUNT_COLLECTIONS, isId, type PeopleById, type UserDoc } from '@shop/contracts';
import type { DocumentStore } from '@shop/platform';

/**
 * The names and e-mails of the accounts among `ids` (one indexed read), for replies that name
 * actors: anything that is not an account id (the system, a command-line tool) is left out, and
 * the screen shows it as it is.
 */
export async function peopleNamed(docs: DocumentStore, ids: Iterable<string | null | undefined>): Promise<PeopleById> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && isId(id)))];
  if (wanted.length === 0) return {};
  const users = await docs.find<UserDoc>(ACCOUNT_COLLECTIONS.users, { _id: { $in: wanted } });
  return Object.fromEntries(users.map((user) => [user.id, { name: user.name, email: user.email }]));
}

import type { UsersTable } from '../../db/schema';

/** A users row as read; its own file so the principal cache can name it without importing the repo. */
export type UserRow = Omit<UsersTable, 'id'> & { id: number };

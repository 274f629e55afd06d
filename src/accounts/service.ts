import type { Clock } from '../lib/clock.js';
import { Errors, type FieldError } from '../errors.js';
import { newId } from '../lib/ids.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { UserRow, UserStore } from './store.js';

export interface Profile {
  id: string;
  username: string;
  email: string;
  plan: 'free' | 'pro';
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
  plan?: 'free' | 'pro';
}

const USERNAME = /^[A-Za-z0-9_-]{3,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function toProfile(row: UserRow): Profile {
  return { id: row.id, username: row.username, email: row.email, plan: row.plan };
}

export function createAccountService(deps: { clock: Clock; users: UserStore }) {
  const { users } = deps;

  return {
    async createUser(input: NewUser): Promise<Profile> {
      const errors: FieldError[] = [];
      if (!USERNAME.test(input.username)) {
        errors.push({ field: 'username', code: 'invalid', message: 'Use 3 to 32 letters, digits, "_" or "-".' });
      }
      const email = input.email.trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) errors.push({ field: 'email', code: 'invalid', message: 'Not an e-mail address.' });
      if (input.password.length < 10 || input.password.length > 256) {
        errors.push({ field: 'password', code: 'too_short', message: 'Use 10 to 256 characters.' });
      }
      if (errors.length) throw Errors.validation(errors);
      const taken = await users.exists(input.username, email);
      if (taken.username) errors.push({ field: 'username', code: 'taken', message: 'That username is taken.' });
      if (taken.email) errors.push({ field: 'email', code: 'taken', message: 'That e-mail is already registered.' });
      if (errors.length) throw Errors.validation(errors);
      const at = deps.clock.now().toISOString();
      const row: UserRow = {
        id: newId(),
        username: input.username,
        email,
        password_hash: await hashPassword(input.password),
        plan: input.plan ?? 'free',
        created_at: at,
        updated_at: at,
      };
      if (!(await users.insert(row))) {
        // Two sign-ups for one name (or `alice` and `ALICE`) at once: the second finds it taken.
        const now = await users.exists(input.username, email);
        throw Errors.validation([
          ...(now.username ? [{ field: 'username', code: 'taken', message: 'That username is taken.' }] : []),
          ...(now.email || !now.username ? [{ field: 'email', code: 'taken', message: 'That e-mail is already registered.' }] : []),
        ]);
      }
      return toProfile(row);
    },

    async getProfile(userId: string): Promise<Profile> {
      const row = await users.findById(userId);
      if (!row) throw Errors.notFound('user');
      return toProfile(row);
    },

    /** Whether any account exists. */
    async anyUser(): Promise<boolean> {
      return users.any();
    },

    async findByUsername(username: string): Promise<Profile | undefined> {
      const row = await users.findByUsername(username);
      return row && toProfile(row);
    },

    /** The account a login (username or e-mail) names, if any; no password involved. */
    async findByLogin(login: string): Promise<Profile | undefined> {
      const row = await users.findByLogin(login);
      return row && toProfile(row);
    },

    /** Checks a login (username or e-mail) and password; undefined when either is wrong. */
    async verifyCredentials(login: string, password: string): Promise<Profile | undefined> {
      const row = await users.findByLogin(login);
      if (!row) {
        // Spend the same time as a real check so response timing does not reveal accounts.
        await verifyPassword(password, DUMMY_HASH);
        return undefined;
      }
      return (await verifyPassword(password, row.password_hash)) ? toProfile(row) : undefined;
    },

    async changePassword(userId: string, current: string, next: string): Promise<void> {
      const row = await users.findById(userId);
      if (!row) throw Errors.notFound('user');
      if (!(await verifyPassword(current, row.password_hash))) {
        throw Errors.validation([{ field: 'current_password', code: 'incorrect', message: 'The current password is wrong.' }]);
      }
      if (next.length < 10 || next.length > 256) {
        throw Errors.validation([{ field: 'new_password', code: 'too_short', message: 'Use 10 to 256 characters.' }]);
      }
      await users.updatePassword(userId, await hashPassword(next), deps.clock.now().toISOString());
    },
  };
}

const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export type AccountService = ReturnType<typeof createAccountService>;

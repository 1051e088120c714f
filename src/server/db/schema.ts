import type { ColumnType } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The better-auth user table, with the admin plugin's and our own columns. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: boolean | null;
  banReason: string | null;
  banExpires: Timestamp | null;
  twoFactorEnabled: boolean | null;
  whatsappNumber: string | null;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
}

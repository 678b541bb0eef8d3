import { and, eq } from "drizzle-orm";
import type { NotificationSettings } from "../../../shared/settings";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { accounts, users } from "../auth/auth.table";
import { profiles } from "../profiles/profiles.table";
import { userSettings } from "./settings.table";

export function createSettingsRepository(db: Database) {
  return {
    async findAccount(userId: string) {
      const [row] = await db
        .select({ fullName: profiles.fullName, phone: profiles.phone, email: profiles.email, timeZone: profiles.timeZone, country: profiles.country, twoFactorEnabled: users.twoFactorEnabled })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(eq(profiles.id, userId));
      return row;
    },
    /** True when the user signs in with an email and password (not only Google). */
    async hasPassword(userId: string) {
      const rows = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
      return rows.length > 0;
    },
    /** The saved notification settings, or null when the user never saved any (all on). */
    async findNotifications(userId: string) {
      const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
      return row ?? null;
    },
    async saveNotifications(userId: string, values: NotificationSettings) {
      const [row] = await db
        .insert(userSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: new Date() } })
        .returning();
      return row;
    },
    /** Runs `write` in one transaction (the profile and the auth user's copy of name and time zone change together). */
    inTransaction: <T>(write: (tx: DbOrTransaction) => Promise<T>) => db.transaction(write),
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;

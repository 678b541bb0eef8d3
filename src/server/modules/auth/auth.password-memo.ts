import { hashPassword, verifyPassword } from "better-auth/crypto";

export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

/**
 * better-auth's own hashing (scrypt, N=16384 r=16: about 0.1 s of a core each), computed once per password and per
 * (hash, password) pair in this process. For tests only (PASSWORD_HASH_MEMO=on, refused in production, where it would
 * keep passwords in memory): their fixtures sign up and sign in a thousand dads with one password, two scrypts each,
 * which proved nothing after the first. A new password or a wrong one still goes through scrypt, so a refused
 * password is refused by the real comparison; only a repeated question is answered from memory.
 */
export function createMemoizedPasswordHashing(real: PasswordHashing = { hash: hashPassword, verify: verifyPassword }): PasswordHashing {
  const hashes = new Map<string, Promise<string>>();
  const verdicts = new Map<string, Promise<boolean>>();
  const pair = (hash: string, password: string) => `${hash}\u0000${password}`;
  const forgetOnFailure = <T>(map: Map<string, Promise<T>>, key: string, promise: Promise<T>) => {
    map.set(key, promise);
    promise.catch(() => map.delete(key));
    return promise;
  };
  return {
    hash(password) {
      const known = hashes.get(password);
      if (known) return known;
      const hashed = real.hash(password).then((hash) => {
        // The hash just made matches its password: a sign-in with it need not run scrypt again.
        verdicts.set(pair(hash, password), Promise.resolve(true));
        return hash;
      });
      return forgetOnFailure(hashes, password, hashed);
    },
    verify({ hash, password }) {
      const key = pair(hash, password);
      return verdicts.get(key) ?? forgetOnFailure(verdicts, key, real.verify({ hash, password }));
    },
  };
}

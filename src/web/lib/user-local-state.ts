/** Per-user data kept in the browser uses keys ending in `:{userId}`; sign-out removes them. */
export const userStorageKey = (name: string, userId: string) => `${name}:${userId}`;

export function clearUserLocalState(userId: string) {
  for (const key of Object.keys(localStorage)) if (key.endsWith(`:${userId}`)) localStorage.removeItem(key);
}

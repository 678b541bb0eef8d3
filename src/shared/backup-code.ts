/**
 * Two-step backup codes are ten letters and digits shown as `abcde-12345`. A father types them
 * from paper, so the dash, spaces and letter case do not matter: both the stored codes and the
 * typed one are brought to this one form before they are compared.
 */
export const BACKUP_CODE_LENGTH = 10;

export function normalizeBackupCode(input: string): string {
  const bare = input.replace(/[\s-]+/g, "").toLowerCase();
  if (!/^[a-z0-9]+$/.test(bare) || bare.length !== BACKUP_CODE_LENGTH) return bare;
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}

/** True when the typed text could be a backup code (ten letters or digits, dash and spaces ignored). */
export function looksLikeBackupCode(input: string): boolean {
  return /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(normalizeBackupCode(input));
}

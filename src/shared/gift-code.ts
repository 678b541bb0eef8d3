/** Gift codes: 13 characters from an alphabet without look-alikes, case-insensitive. */
export const GIFT_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const GIFT_CODE_LENGTH = 13;
export const GIFT_CODE_PATTERN = new RegExp(`^[${GIFT_CODE_ALPHABET}]{${GIFT_CODE_LENGTH}}$`);

/** Upper-cases and drops spaces and dashes, as the input does while typing. */
export const normalizeGiftCode = (value: string) => value.toUpperCase().replace(/[\s-]/g, "");

export const isWellFormedGiftCode = (value: string) => GIFT_CODE_PATTERN.test(normalizeGiftCode(value));

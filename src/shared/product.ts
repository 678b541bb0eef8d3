/** The product's name, in one place. */
export const PRODUCT_NAME = "Hey Dad";

/** Passwords: at least 8 characters everywhere. */
export const MIN_PASSWORD_LENGTH = 8;

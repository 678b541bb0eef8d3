/** The product's name, in one place (decisions 2.1). */
export const PRODUCT_NAME = "Hey Dad";

/** Passwords: at least 8 characters everywhere (decisions 2.13). */
export const MIN_PASSWORD_LENGTH = 8;

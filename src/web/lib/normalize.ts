/* What typed codes are stored as: a pasted "HDFC 0001 234" is the code HDFC0001234. */

export const withoutSpaces = (value: string) => value.replace(/\s+/g, "");

/** IFSC codes are capitals, without spaces. */
export const upperCaseCode = (value: string) => withoutSpaces(value).toUpperCase();

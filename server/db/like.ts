/** A text for LIKE/ILIKE that matches itself: backslash, % and _ are escaped (PostgreSQL's default escape is \). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

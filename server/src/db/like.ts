/** A LIKE pattern that matches the text literally (% and _ typed by a person are no wildcards). */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

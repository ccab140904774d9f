/**
 * The keys of the validation rules of spec §5 (the rules are the zod schemas beside this file).
 * Each message is an i18n key; `too_small` / `too_big` issues carry the count the message names.
 */
export const VALIDATION = {
  required: 'validation.required',
  invalidEmail: 'validation.invalidEmail',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  usernameFormat: 'validation.usernameFormat',
  displayNameLength: 'validation.displayNameLength',
  usernameLength: 'validation.usernameLength',
  passwordsDoNotMatch: 'validation.passwordsDoNotMatch',
  noChanges: 'validation.noChanges',
  invalidFormat: 'validation.invalidFormat',
} as const;

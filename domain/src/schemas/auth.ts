import { z } from 'zod';
import { LIMITS } from '../limits';
import { hasVisibleText, requiredText, text } from './text';
import { VALIDATION } from './validation-keys';

export { VALIDATION };

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** The longest address SMTP can carry (RFC 5321): a longer one is not an address. */
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = requiredText()
  .max(EMAIL_MAX_LENGTH, { message: VALIDATION.invalidEmail })
  .pipe(z.email({ message: VALIDATION.invalidEmail }));

export const passwordSchema = text()
  .trim()
  .min(1, { message: VALIDATION.required })
  .min(LIMITS.passwordMin, { message: VALIDATION.minLength });

export const loginSchema = z.object({
  emailOrUsername: requiredText(),
  // Passwords are taken as typed: no trimming.
  password: text().min(1, { message: VALIDATION.required }),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A new password as typed (never trimmed), at least the §9 minimum. */
export const newPasswordRule = text()
  .min(1, { message: VALIDATION.required })
  .min(LIMITS.passwordMin, { message: VALIDATION.minLength });

export const registerSchema = z.object({
  name: requiredText().max(LIMITS.displayName.max, { message: VALIDATION.maxLength }),
  username: requiredText()
    .min(LIMITS.username.signUp.min, { message: VALIDATION.minLength })
    .max(LIMITS.username.signUp.max, { message: VALIDATION.maxLength })
    .regex(USERNAME_PATTERN, { message: VALIDATION.usernameFormat }),
  email: emailSchema,
  password: newPasswordRule,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Profile fields: each optional, trimmed; only the changed ones are sent. */
export const profileFieldsSchema = z.object({
  name: text()
    .trim()
    .min(LIMITS.displayName.min, { message: VALIDATION.displayNameLength, abort: true })
    .max(LIMITS.displayName.max, { message: VALIDATION.displayNameLength })
    // Only invisible characters (zero-width spaces, direction overrides...) is no name at all.
    .refine(hasVisibleText, { message: VALIDATION.required })
    .optional(),
  username: text()
    .trim()
    .min(LIMITS.username.profile.min, { message: VALIDATION.usernameLength })
    .max(LIMITS.username.profile.max, { message: VALIDATION.usernameLength })
    .regex(USERNAME_PATTERN, { message: VALIDATION.usernameFormat })
    .optional(),
  email: emailSchema.optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** A new password typed twice (set, change, reset). */
export const newPasswordSchema = z
  .object({
    newPassword: text().min(LIMITS.passwordMin, { message: VALIDATION.minLength }),
    confirmPassword: text().min(LIMITS.passwordMin, { message: VALIDATION.minLength }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const forgotPasswordSchema = z.object({ emailOrUsername: requiredText() });

/** An avatar is a #colour or a 64×64 JPEG data URL (checked further on the server). */
export const avatarSchema = z.union([
  text().regex(/^#[0-9a-fA-F]{6}$/, { message: VALIDATION.invalidFormat }),
  text()
    .max(200_000)
    .regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/, { message: VALIDATION.invalidFormat }),
]);

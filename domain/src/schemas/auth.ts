import { z } from 'zod';
import { LIMITS } from '../limits';
import { VALIDATION } from './validation-keys';

export { VALIDATION };

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

const required = (schema: z.ZodString = z.string()) =>
  schema.trim().min(1, { message: VALIDATION.required });

export const emailSchema = required().pipe(z.email({ message: VALIDATION.invalidEmail }));

export const passwordSchema = required().min(LIMITS.passwordMin, { message: VALIDATION.minLength });

export const loginSchema = z.object({
  emailOrUsername: required(),
  // Passwords are taken as typed: no trimming.
  password: z.string().min(1, { message: VALIDATION.required }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  name: required().max(LIMITS.displayName.max, { message: VALIDATION.maxLength }),
  username: required()
    .min(LIMITS.username.signUp.min, { message: VALIDATION.minLength })
    .max(LIMITS.username.signUp.max, { message: VALIDATION.maxLength })
    .regex(USERNAME_PATTERN, { message: VALIDATION.usernameFormat }),
  email: emailSchema,
  password: z
    .string()
    .min(1, { message: VALIDATION.required })
    .min(LIMITS.passwordMin, { message: VALIDATION.minLength }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Profile fields: each optional, trimmed; only the changed ones are sent. */
export const profileFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(LIMITS.displayName.min, { message: VALIDATION.displayNameLength })
    .max(LIMITS.displayName.max, { message: VALIDATION.displayNameLength })
    .optional(),
  username: z
    .string()
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
    newPassword: z.string().min(LIMITS.passwordMin, { message: VALIDATION.minLength }),
    confirmPassword: z.string().min(LIMITS.passwordMin, { message: VALIDATION.minLength }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: VALIDATION.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

export const forgotPasswordSchema = z.object({ emailOrUsername: required() });

/** An avatar is a #colour or a 64×64 JPEG data URL (checked further on the server). */
export const avatarSchema = z.union([
  z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: VALIDATION.invalidFormat }),
  z
    .string()
    .max(200_000)
    .regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+=*$/, { message: VALIDATION.invalidFormat }),
]);

import { z } from 'zod';
import { VALIDATION, profileFieldsSchema } from '@music-rooms/domain/schemas/auth';

/** The profile fields a user edits (spec §5 Profile edit). */
export type ProfileValues = { name: string; username: string; email: string };

export const PROFILE_FIELDS = ['name', 'username', 'email'] as const;

/**
 * What the profile form would send: only the fields whose trimmed value differs from the saved
 * one, trimmed. An e-mail that differs only in letter case is the same address.
 */
export function profileChanges(
  saved: ProfileValues,
  edited: ProfileValues,
): Partial<ProfileValues> {
  const changes: Partial<ProfileValues> = {};
  for (const field of PROFILE_FIELDS) {
    const value = edited[field].trim();
    const before = saved[field];
    const same =
      field === 'email' ? value.toLowerCase() === before.toLowerCase() : value === before;
    if (!same) changes[field] = value;
  }
  return changes;
}

/** The profile form: the fields, and the current password an e-mail change may need. */
export type ProfileFormValues = ProfileValues & { currentPassword: string };

/** Whether the edited e-mail differs from the saved one (trimmed, whatever its case). */
export function emailChanged(saved: ProfileValues, edited: ProfileValues): boolean {
  return profileChanges(saved, edited).email !== undefined;
}

/**
 * The profile form's rules (spec §5): the changed fields, trimmed, must each pass the profile
 * rules, and at least one field must have changed. A new e-mail on an account with a password
 * needs the current password. The result is what gets sent.
 */
export function profileFormSchema(saved: ProfileValues, hasPassword: boolean) {
  return z
    .object({
      name: z.string(),
      username: z.string(),
      email: z.string(),
      currentPassword: z.string(),
    })
    .transform(({ currentPassword, ...edited }) => {
      const changes = profileChanges(saved, edited);
      const needsPassword = hasPassword && changes.email !== undefined;
      return needsPassword ? { ...changes, currentPassword } : changes;
    })
    .pipe(
      profileFieldsSchema
        .extend({ currentPassword: z.string().min(1, { message: VALIDATION.required }).optional() })
        .refine(({ currentPassword: _, ...changes }) => Object.keys(changes).length > 0, {
          message: VALIDATION.noChanges,
        }),
    );
}

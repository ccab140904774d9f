import { z } from 'zod';
import { VALIDATION, profileFieldsSchema } from '@music-rooms/domain/schemas/auth';
import { profileChanges, type ProfileValues } from './profile-changes';

/**
 * The profile form's rules (spec §5): the changed fields, trimmed, must each pass the profile
 * rules, and at least one field must have changed. The result is what gets sent.
 */
export function profileFormSchema(saved: ProfileValues) {
  return z
    .object({ name: z.string(), username: z.string(), email: z.string() })
    .transform((edited) => profileChanges(saved, edited))
    .pipe(
      profileFieldsSchema.refine((changes) => Object.keys(changes).length > 0, {
        message: VALIDATION.noChanges,
      }),
    );
}

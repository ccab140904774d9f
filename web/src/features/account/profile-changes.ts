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

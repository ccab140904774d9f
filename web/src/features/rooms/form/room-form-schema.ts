import { z } from 'zod';
import { ROOM_VISIBILITIES, type RoomVisibility } from '@music-rooms/domain/rooms';
import {
  roomDescriptionSchema,
  roomNameSchema,
  roomPasswordSchema,
  roomUrlSchema,
} from '@music-rooms/domain/schemas/rooms';

/** What to do with the password: leave it as it is (or none), set a new one, or remove it. */
export const PASSWORD_MODES = ['keep', 'set', 'remove'] as const;
export type PasswordMode = (typeof PASSWORD_MODES)[number];

/** The room form as typed (create and settings); every value is text, as the fields hold it. */
export type RoomFormValues = {
  name: string;
  room_url: string;
  description: string;
  visibility: RoomVisibility;
  passwordMode: PasswordMode;
  password: string;
};

/**
 * The rules of the room form: the shared rules of rooms.create / rooms.update for each field,
 * and a password required only when one is being set.
 */
export const roomFormSchema = z
  .object({
    name: roomNameSchema,
    room_url: roomUrlSchema,
    description: roomDescriptionSchema,
    visibility: z.enum(ROOM_VISIBILITIES),
    passwordMode: z.enum(PASSWORD_MODES),
    password: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.passwordMode !== 'set') return;
    const checked = roomPasswordSchema.safeParse(form.password);
    for (const issue of checked.error?.issues ?? []) ctx.addIssue({ ...issue, path: ['password'] });
  });

export type RoomForm = z.output<typeof roomFormSchema>;

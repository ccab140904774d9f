import { roomGateFunctions } from './gate';
import { roomListenerFunctions } from './listeners';
import { roomMemberFunctions } from './members';
import { roomNoticeFunctions } from './notices';
import { roomFunctions } from './rooms';

/** Every rooms.* function. */
export const allRoomFunctions = [
  ...roomFunctions,
  ...roomGateFunctions,
  ...roomMemberFunctions,
  ...roomNoticeFunctions,
  ...roomListenerFunctions,
];

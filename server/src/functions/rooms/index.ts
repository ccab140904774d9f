import { roomGateFunctions } from './gate';
import { roomMemberFunctions } from './members';
import { roomFunctions } from './rooms';

/** Every rooms.* function. */
export const allRoomFunctions = [...roomFunctions, ...roomGateFunctions, ...roomMemberFunctions];

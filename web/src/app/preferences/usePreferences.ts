import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PREFERENCES, type UserPreferences } from '@music-rooms/domain/auth';
import { callMutation, callQuery } from '../../lib/api/functions';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';
import { useSession } from '../session/useSession';

const PREFERENCES_KEY = ['preferences'] as const;

const readPreferences = async (): Promise<UserPreferences> => ({
  ...DEFAULT_PREFERENCES,
  ...((await callQuery('users.getPreferences', {})) as Partial<UserPreferences>),
});

/**
 * The signed-in user's settings as the rest of the app reads them: live (a change on the
 * settings screen, or on another device, applies at once), and without React Query, which the
 * room page goes without. Null for a guest or until they load.
 */
export function usePreferenceValues(): UserPreferences | null {
  const { user } = useSession();
  const live = useLiveQueryState('users.getPreferences', user ? {} : 'skip');
  return user && live.status === 'value' ? { ...DEFAULT_PREFERENCES, ...live.value } : null;
}

/**
 * The signed-in user's settings kept with the account (users.getPreferences and
 * users.updatePreferences). A change shows at once and is undone if the save fails.
 */
export function usePreferences(
  onError: () => void,
  onSaved?: (change: Partial<UserPreferences>) => void,
) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: readPreferences,
  });

  const mutation = useMutation({
    mutationFn: (change: Partial<UserPreferences>) =>
      callMutation('users.updatePreferences', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const previous = queryClient.getQueryData<UserPreferences>(PREFERENCES_KEY);
      if (previous) queryClient.setQueryData(PREFERENCES_KEY, { ...previous, ...change });
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(PREFERENCES_KEY, context.previous);
      onError();
    },
    onSuccess: (_value, change) => onSaved?.(change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
  });

  return {
    preferences: query.data,
    loading: query.isPending,
    failed: query.isError,
    update: (change: Partial<UserPreferences>) => mutation.mutate(change),
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PREFERENCES, type UserPreferences } from '@music-rooms/domain/auth';
import { callMutation, callQuery } from '../../lib/api/functions';

const PREFERENCES_KEY = ['preferences'] as const;

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
    queryFn: async () => ({
      ...DEFAULT_PREFERENCES,
      ...((await callQuery('users.getPreferences', {})) as Partial<UserPreferences>),
    }),
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

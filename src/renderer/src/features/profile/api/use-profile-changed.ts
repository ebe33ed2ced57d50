import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/** After a change, the profile and the user info (header avatar and name, side menu) are read again. */
export function useProfileChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['profile'] }),
      queryClient.invalidateQueries({ queryKey: ['accounts'] }),
    ]);
  }, [queryClient]);
}

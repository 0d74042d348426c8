import { withRetries } from '@/lib/retry';
import { withRetries as again } from 'lib/retry';

export async function syncAccount(id: string): Promise<Response> {
  return withRetries(() => fetch(`/accounts/${id}/sync`, { method: 'POST' }));
}

export async function syncTeam(id: string): Promise<Response> {
  return again(() => fetch(`/teams/${id}/sync`, { method: 'POST' }));
}

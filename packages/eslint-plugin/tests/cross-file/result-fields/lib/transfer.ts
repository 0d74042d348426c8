export type Transfer = { state: 'stored'; etag: string } | { state: 'transient'; cause: unknown } | { state: 'rejected'; cause: unknown };

/** Uploads once; tells how it went in the result instead of throwing. */
export async function putObject(key: string, body: string): Promise<Transfer> {
  try {
    const res = await fetch(`/objects/${key}`, { method: 'PUT', body });
    if (res.status >= 500) return { state: 'transient', cause: res.status };
    if (!res.ok) return { state: 'rejected', cause: res.status };
    return { state: 'stored', etag: res.headers.get('etag') ?? '' };
  } catch (cause) {
    return { state: 'transient', cause };
  }
}

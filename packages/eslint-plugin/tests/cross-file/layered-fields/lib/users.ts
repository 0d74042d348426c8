import { HttpClient, defaultClient } from './http.js';

export class UsersApi {
  constructor(private http: HttpClient = defaultClient) {}

  byId(id: string) {
    return this.http.get(`/users/${id}`);
  }
}

export class Avatars {
  // Declared an interface the project does not implement here: not known to retry.
  constructor(private store: { get(path: string): Promise<unknown> }) {}

  byId(id: string) {
    return this.store.get(`/avatars/${id}`);
  }
}

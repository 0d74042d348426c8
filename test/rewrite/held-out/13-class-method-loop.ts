// A class method retrying a client call, with its settings in fields.
import type { HttpClient } from './infra';

export class ShippingClient {
  private readonly maxAttempts = 4;
  private readonly retryDelayMs = 250;

  constructor(private readonly http: HttpClient) {}

  async createLabel(shipmentId: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.http.post(`/labels`, { shipmentId });
      } catch (err) {
        if (attempt >= this.maxAttempts) throw err;
        await new Promise((r) => setTimeout(r, this.retryDelayMs * attempt));
      }
    }
  }
}

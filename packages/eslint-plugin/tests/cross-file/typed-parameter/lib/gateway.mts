// A client whose send() retries by itself; a second class whose send() tries once.
export class Gateway {
  async send(body: string): Promise<Response> {
    for (let n = 1; ; n++) {
      const res = await fetch('https://gw.example.com/in', { method: 'POST', body });
      if (res.ok || n >= 4) return res;
      await new Promise((r) => setTimeout(r, 200 * 2 ** n * Math.random()));
    }
  }
}

export class DirectLine {
  async send(body: string): Promise<Response> {
    return fetch('https://gw.example.com/in', { method: 'POST', body });
  }
}

export interface Sender {
  send(body: string): Promise<Response>;
}

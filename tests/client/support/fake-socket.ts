/** A stand-in for socket.io's client socket: records listeners, lets the test push events. */
export class FakeSocket {
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>()
  active = true
  connected = true
  recovered = false
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  push(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }
  connect() {
    return this
  }
  disconnect() {
    this.active = false
    return this
  }
}

// Other tabs of this browser showing the same seat of the same table (#45 item 7). Each plays the seat
// (a move made in one shows up in the others), which a player would not guess: the page says so. The
// tabs find each other over a BroadcastChannel named after the table and seat: a tab says "hello" when
// it opens, every tab that hears it answers "here", and "bye" is said when a tab closes or moves on.
// Only the seat number and a random tab id go over the channel, never the token or the view.

export class SeatTabs {
  constructor(tableId, seat, onChange) {
    this.others = new Set();
    this.onChange = onChange;
    this.id = Math.random().toString(36).slice(2);
    this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(`cosmotable:${tableId}:${seat}`) : null;
    if (!this.channel) return;
    this.channel.onmessage = (event) => this.heard(event.data || {});
    this.bye = () => this.close();
    window.addEventListener("pagehide", this.bye);
    this.channel.postMessage({ kind: "hello", from: this.id });
  }

  heard({ kind, from }) {
    if (!from || from === this.id) return;
    const before = this.others.size;
    if (kind === "hello") {
      this.others.add(from);
      this.channel.postMessage({ kind: "here", from: this.id });
    } else if (kind === "here") this.others.add(from);
    else if (kind === "bye") this.others.delete(from);
    if (this.others.size !== before) this.onChange(this.others.size);
  }

  count() {
    return this.others.size;
  }

  close() {
    if (!this.channel) return;
    window.removeEventListener("pagehide", this.bye);
    this.channel.postMessage({ kind: "bye", from: this.id });
    this.channel.close();
    this.channel = null;
  }
}

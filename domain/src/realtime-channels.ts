/**
 * The client's side of shared live-query values: which of its live query ids follow which
 * channel. A `query:value` with a channel makes its id follow that channel; one without, a
 * `query:error` or dropping the query ends it; a `query:shared` message is the new value of
 * every id that follows its channel. A new connection starts with none.
 */
export class ChannelFollowers {
  private readonly idsByChannel = new Map<string, Set<string>>();
  private readonly channelById = new Map<string, string>();

  /** The id's answer came with this channel, or without one (`undefined`). */
  follow(id: string, channel: string | undefined): void {
    this.drop(id);
    if (channel === undefined) return;
    const ids = this.idsByChannel.get(channel) ?? new Set<string>();
    ids.add(id);
    this.idsByChannel.set(channel, ids);
    this.channelById.set(id, channel);
  }

  /** The id follows nothing any more (an error, unsubscribed). */
  drop(id: string): void {
    const channel = this.channelById.get(id);
    if (channel === undefined) return;
    this.channelById.delete(id);
    const ids = this.idsByChannel.get(channel);
    ids?.delete(id);
    if (ids?.size === 0) this.idsByChannel.delete(channel);
  }

  /** The ids a `query:shared` message of the channel is for. */
  idsOf(channel: string): string[] {
    return [...(this.idsByChannel.get(channel) ?? [])];
  }

  /** The connection closed: the next one is told again what each id follows. */
  clear(): void {
    this.idsByChannel.clear();
    this.channelById.clear();
  }
}

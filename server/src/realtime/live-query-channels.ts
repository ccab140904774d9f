import { fingerprint } from './change-detection';

/** A connection as a channel sees it: it follows a channel's broadcasts, or stops. */
export type ChannelClient = {
  joinChannel: (channel: string) => void;
  leaveChannel: (channel: string) => void;
};

/** A live query that may follow a channel. */
export type ChannelMember = { client: ChannelClient; channel: Channel | null };

export type Channel = {
  name: string;
  members: Set<ChannelMember>;
  /** How many members each connection has here: it stops following with its last one. */
  perClient: Map<ChannelClient, number>;
  /** Members whose run is under way: the broadcast waits until none is. */
  busy: number;
  /** The newest value a member's run answered, and the last one broadcast (or first known). */
  latest: unknown;
  sent: unknown;
  print: string;
};

/**
 * Live queries whose runs named the same channel get the same value (see `QueryContext.share`),
 * so a change reaches all of them as one message, serialized once, that Socket.IO writes to
 * each connection. Every member still runs for its own caller first: a run that no longer
 * names the channel (access revoked, other rights) leaves it before the broadcast goes out,
 * which waits until no member's run is under way. Each node broadcasts to its own connections
 * only; the topics that cause the runs reach every node.
 */
export class LiveQueryChannels {
  private readonly channels = new Map<string, Channel>();

  constructor(private readonly broadcast: (channel: string, value: unknown) => void) {}

  /** A member's run starts: the channel it follows waits for it. Hand the answer to `end`. */
  begin(member: ChannelMember): Channel | null {
    if (member.channel) member.channel.busy += 1;
    return member.channel;
  }

  /** The run `begin` counted is over: with none left under way, the newest value goes out. */
  end(channel: Channel | null): void {
    if (!channel) return;
    channel.busy -= 1;
    this.deliver(channel);
  }

  /**
   * A member's run answered `value` on the channel `name`. Answers true when the member has
   * just joined it: its connection must then be sent the value itself, with the channel's name.
   */
  settle(member: ChannelMember, name: string, value: unknown): boolean {
    if (member.channel?.name === name) {
      member.channel.latest = value;
      this.deliver(member.channel);
      return false;
    }
    this.leave(member);
    this.join(member, name, value);
    return true;
  }

  /** The member follows no channel any more (another answer, an error, unsubscribed). */
  leave(member: ChannelMember): void {
    const channel = member.channel;
    if (!channel) return;
    member.channel = null;
    channel.members.delete(member);
    const left = (channel.perClient.get(member.client) ?? 1) - 1;
    if (left > 0) channel.perClient.set(member.client, left);
    else {
      channel.perClient.delete(member.client);
      member.client.leaveChannel(channel.name);
    }
    if (channel.members.size === 0 && this.channels.get(channel.name) === channel) {
      this.channels.delete(channel.name);
    }
  }

  clear(): void {
    this.channels.clear();
  }

  private join(member: ChannelMember, name: string, value: unknown): void {
    // A new channel starts from the joiner's value; an existing one keeps its own, which its
    // members' runs move on (the joiner was sent its value by itself).
    const channel = this.channels.get(name) ?? this.create(name, value);
    channel.members.add(member);
    const count = channel.perClient.get(member.client) ?? 0;
    channel.perClient.set(member.client, count + 1);
    if (count === 0) member.client.joinChannel(name);
    member.channel = channel;
  }

  private create(name: string, value: unknown): Channel {
    const channel: Channel = {
      name,
      members: new Set(),
      perClient: new Map(),
      busy: 0,
      latest: value,
      sent: value,
      print: fingerprint(value),
    };
    this.channels.set(name, channel);
    return channel;
  }

  private deliver(channel: Channel): void {
    if (channel.busy > 0 || channel.latest === channel.sent) return;
    channel.sent = channel.latest;
    const print = fingerprint(channel.latest);
    if (print === channel.print) return;
    channel.print = print;
    if (channel.members.size > 0) this.broadcast(channel.name, channel.latest);
  }
}

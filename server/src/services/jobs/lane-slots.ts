import type { JobLane } from './handler';

/** Background jobs a lane runs at once: catch-up work never takes every slot from uploads. */
const BACKGROUND_SLOTS = 1;

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;

type Held = { background: boolean; roomId: string | null };

/** What one lane of a node runs now: its slots, its background job, its rooms. */
export class LaneSlots {
  readonly name: string;
  readonly slots: number;
  readonly leaseMs: number;
  readonly maxAttempts: number;
  /** The kinds of the lane as rows store them (a kind of one node carries the node's id). */
  readonly storedKinds: string[] = [];
  private running = 0;
  private runningBackground = 0;
  private readonly runningByRoom = new Map<string, number>();

  constructor(lane: JobLane) {
    this.name = lane.name;
    this.slots = lane.slots;
    this.leaseMs = lane.leaseMs ?? DEFAULT_LEASE_MS;
    this.maxAttempts = lane.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  }

  /** A lane is named once: kinds registered later under its name must agree on its shape. */
  sameAs(lane: JobLane): boolean {
    return (
      lane.slots === this.slots &&
      (lane.leaseMs ?? DEFAULT_LEASE_MS) === this.leaseMs &&
      (lane.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) === this.maxAttempts
    );
  }

  hasFreeSlot(): boolean {
    return this.running < this.slots;
  }

  /** What a claim in this lane may take now. */
  claimLimits(): { withBackground: boolean; busyRooms: string[] } {
    return {
      withBackground: this.runningBackground < BACKGROUND_SLOTS,
      busyRooms: this.busyRooms(),
    };
  }

  take(job: Held): void {
    this.count(job, 1);
  }

  release(job: Held): void {
    this.count(job, -1);
  }

  /**
   * Rooms that hold all the slots one room may: a slow job (a long file, a crafted one) or a
   * room's many uploads leave a slot free for the other rooms' work.
   */
  private busyRooms(): string[] {
    const slotsPerRoom = Math.max(1, this.slots - 1);
    return [...this.runningByRoom]
      .filter(([, count]) => count >= slotsPerRoom)
      .map(([room]) => room);
  }

  private count({ background, roomId }: Held, change: 1 | -1): void {
    this.running += change;
    if (background) this.runningBackground += change;
    if (roomId === null) return;
    const count = (this.runningByRoom.get(roomId) ?? 0) + change;
    if (count > 0) this.runningByRoom.set(roomId, count);
    else this.runningByRoom.delete(roomId);
  }
}

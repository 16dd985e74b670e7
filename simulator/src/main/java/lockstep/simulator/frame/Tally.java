package lockstep.simulator.frame;

import lockstep.simulator.replay.ReplayState;

/**
 * What a lane's current script line has done so far: lock nodes deleted, clients woken, grants.
 *
 * @param releases lock nodes deleted in the line (releases, give-ups and nodes gone with a session)
 * @param woken    clients a notification reached
 * @param wins     grants
 */
public record Tally(int releases, int woken, int wins) {

    /** The tally of the script line {@code state} is in, up to its event: read from the replay. */
    public static Tally of(ReplayState state) {
        ReplayState.ThisLine line = state.thisLine();
        return new Tally(line.deletions(), line.woken().size(), line.grants().size());
    }
}

package lockstep.simulator.frame;

import lockstep.simulator.replay.ReplayState;

/**
 * What a lane's current script line has done so far: lock nodes deleted, clients woken, grants.
 *
 * @param releases lock nodes their holders deleted in the line (a give-up or a node gone with its session is no
 *                 release)
 * @param woken    clients a notification reached
 * @param wins     grants
 */
public record Tally(int releases, int woken, int wins) {

    /** The tally of the script line {@code state} is in, up to its event: read from the replay. */
    public static Tally of(ReplayState state) {
        ReplayState.ThisLine line = state.thisLine();
        int releases = (int) line.ghosts().stream().filter(g -> g.ending() == ReplayState.Ending.RELEASE).count();
        return new Tally(releases, line.woken().size(), line.grants().size());
    }
}

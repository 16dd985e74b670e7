package lockstep.simulator.check;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.trace.Event;

/**
 * A note, not a failure: on a semaphore, a client waited through a whole script line while a permit was free. A line
 * runs until the system settles, so a waiter beside a free permit at its end is one nobody told (the idle permit of
 * {@code bug-semaphore-watch-ahead}); it may still be told later, which is why this is a note and a waiter left so at
 * the end of the run a {@code stuck-waiter}. A paused waiter, or one whose session ended, is not counted. One note
 * each time a client starts to wait so.
 */
final class IdlePermits implements Invariant {

    @Override
    public String kind() {
        return "idle-permit";
    }

    @Override
    public String sentence() {
        return "On a semaphore, no client waits through a whole step while a permit is free.";
    }

    @Override
    public boolean isNote() {
        return true;
    }

    @Override
    public List<Breach> findIn(CheckedRun run) {
        List<Breach> notes = new ArrayList<>();
        Set<String> idle = new HashSet<>();
        run.walk((event, live) -> {
            if (live.permits() <= 1 || !(event instanceof Event.ScriptLine || event instanceof Event.RunEnded)) {
                return; // a line's end: the state the previous line settled in
            }
            ReplayState state = live.state();
            List<String> now = state.waitersBesideAFreePermit();
            for (String client : now) {
                if (idle.add(client)) {
                    notes.add(new Breach(event.index(), List.of(client), Phrase.of("check.idlePermit",
                            event.index(), client, state.freePermits(), state.permits())));
                }
            }
            idle.retainAll(now);
        });
        return notes;
    }
}

package lockstep.simulator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import lockstep.simulator.run.Simulations;
import lockstep.simulator.scenario.Scenario;
import lockstep.simulator.trace.Event;

/**
 * Captions after a session ends: a crash's says what happened to the crashed client's node in this lane (gone, or, a
 * persistent node, left); a zombie that counts up its hold from an ended session wins nothing.
 */
class CaptionsAfterCrashAndExpiryTest {

    @Test
    void anEphemeralNodeGoesWithItsSessionAPersistentOneStays() throws Exception {
        Scenario scenario = Simulations.load("18");
        long seed = Simulations.seedFor(scenario, null);
        assertEquals("c1 crashed: its session ends, its node goes", crashCaption(Simulations.run(scenario, "sequential",
                seed)));
        assertEquals("c1 crashed: its session ends, but its node stays",
                crashCaption(Simulations.run(scenario, "bug-persistent-node", seed)));
    }

    @Test
    void aZombiesReentrantAcquireIsNotAWin() throws Exception {
        Scenario scenario = Simulations.load("19");
        List<Event> trace = Simulations.run(scenario, "sequential", Simulations.seedFor(scenario, null));
        ReplayModel model = ReplayModel.of(trace);
        int expiry = trace.stream().filter(e -> e instanceof Event.Fault f && f.kind().equals("expire"))
                .mapToInt(Event::index).findFirst().orElseThrow();
        Event.ClientState again = trace.stream().skip(expiry).filter(e -> e instanceof Event.ClientState s
                && s.client().equals("c1") && s.state() == Event.State.HOLDING).map(Event.ClientState.class::cast)
                .findFirst().orElseThrow();
        String caption = LaneCaptions.at(model.stateAt(again.index()));
        assertTrue(!caption.contains("c1 wins") && caption.contains("c1 only thinks it holds the lock"), caption);
    }

    private static String crashCaption(List<Event> trace) {
        ReplayModel model = ReplayModel.of(trace);
        for (Event e : trace) {
            if (e instanceof Event.Fault f && f.kind().equals("crash")) {
                String caption = LaneCaptions.at(model.stateAt(f.index()));
                for (String sentence : caption.split("\\. ")) {
                    if (sentence.contains("crashed")) {
                        return sentence.endsWith(".") ? sentence.substring(0, sentence.length() - 1) : sentence;
                    }
                }
                throw new AssertionError(caption);
            }
        }
        throw new AssertionError("no crash in the run");
    }
}

package lockstep.simulator.scenario;

import java.util.List;

/** {@code together: [c4 acquire, c1 release]}: two or more actions run at the same time, interleaved by the seed. */
public record Together(Position at, String text, List<Action> actions) implements Step {

    public Together {
        actions = List.copyOf(actions);
    }
}

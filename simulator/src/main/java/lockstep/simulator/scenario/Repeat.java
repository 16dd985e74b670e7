package lockstep.simulator.scenario;

import java.util.List;

/** {@code repeat N: ...}: the body (one step or several) runs {@code times} times in a row; {@code times} is 1 or more. */
public record Repeat(Position at, String text, int times, List<Step> body) implements Step {

    public Repeat {
        body = List.copyOf(body);
    }
}

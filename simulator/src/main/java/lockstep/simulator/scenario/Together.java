package lockstep.simulator.scenario;

import java.util.List;

/** {@code together: [c4 acquire, c1 release]}: two or more actions run at the same time, interleaved by the seed. */
public record Together(Position at, String text, List<Action> actions) implements Step {

    public Together {
        actions = List.copyOf(actions);
    }

    /**
     * The line's text for {@code members}: a flow list of their texts, a member naming several locks
     * ({@code c1 acquire A,B}) in double quotes, since a flow list would split it at its comma.
     */
    public static String textOf(List<Action> members) {
        return "together: [" + String.join(", ", members.stream()
                .map(a -> a.text().contains(",") ? "\"" + a.text() + "\"" : a.text()).toList()) + "]";
    }
}

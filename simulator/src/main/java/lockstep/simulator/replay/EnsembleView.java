package lockstep.simulator.replay;

import java.util.Map;
import java.util.SortedMap;

import lockstep.simulator.trace.Event.Role;

/**
 * The servers of an ensemble as the trace tells them at one moment: each server's role (leader, follower, looking,
 * down) and the server each client's connection goes to. Empty for a run on one server ({@link #isEnsemble()} false).
 *
 * @param roles   by server number 1..N
 * @param clients the server each client is on, by client name
 */
public record EnsembleView(SortedMap<Integer, Role> roles, Map<String, Integer> clients) {

    /** A run on one server: no roles, no client servers. */
    public static final EnsembleView NONE = new EnsembleView(new java.util.TreeMap<>(), Map.of());

    public boolean isEnsemble() {
        return !roles.isEmpty();
    }

    /** The server that leads, 0 when none does (one server, or too few run). */
    public int leader() {
        return roles.entrySet().stream().filter(e -> e.getValue() == Role.LEADER).mapToInt(Map.Entry::getKey)
                .findFirst().orElse(0);
    }

    /** The role of server {@code server}, {@link Role#DOWN} for one the trace has not named. */
    public Role role(int server) {
        return roles.getOrDefault(server, Role.DOWN);
    }

    /** The server {@code client} is on, 0 when unknown (one server). */
    public int serverOf(String client) {
        return clients.getOrDefault(client, 0);
    }
}

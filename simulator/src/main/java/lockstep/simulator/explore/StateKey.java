package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import lockstep.simulator.replay.LiveReplay;
import lockstep.simulator.replay.Remembered;
import lockstep.simulator.replay.ReplayState;
import lockstep.simulator.replay.ReplayState.ClientView;
import lockstep.simulator.replay.ReplayState.Znode;

/**
 * The state of a run at a script line's point (quiescence), as a text two runs share exactly when the rest of each
 * can go the same ways up to the clients' names: what the stateful search of every script caches
 * ({@link ScriptGenerator#everyScript}, docs/design/search.md, "States seen before").
 *
 * <p>It holds, read from the one interpreter of a run ({@link ReplayState}, {@link Remembered}) and the script
 * generator: the lines written and the closing lines used; the servers (running, restarts, the ensemble's roles and
 * each client's server); the lock's children (path below the lock, owner, mode, kind, whether protected, the sequence
 * number as its rank, and whether it was made before its owner last got the lock); the watches the server holds;
 * every field of every client's view (state, mode, watching, woken, connection, session, the session it got the lock
 * in, session alive, paused, holds, threw); the holders in the order they got the lock; the resource (fencing, last
 * token and writer, writes accepted and refused); each client's fencing token, the highest accepted token, and who
 * asks again while holding, and whose next create's reply a fault will lose. Numbers that only compare (sequence numbers, tokens, creation indices) are replaced by
 * their rank among all of them when they all come from one counter that only grows (one lock's sequence numbers, or
 * the trace's creation indices); otherwise they stay as they are (less is found equal: still sound). With
 * {@code symmetric}, the least of the texts the clients' renamings make is the key; the search does not ask for it
 * ({@link Explorer.Settings#statesSymmetric}).
 */
final class StateKey {

    private StateKey() {
    }

    /** The key of {@code live}'s state with the generator's {@code written} lines and {@code closing} count. */
    static String of(LiveReplay live, List<String> clients, int written, int closing, boolean symmetric) {
        ReplayState state = live.state();
        Remembered memory = live.remembered();
        Map<Long, Integer> ranks = ranks(state, memory);
        String least = null;
        for (List<String> order : symmetric ? Symmetry.orders(clients) : List.of(clients)) {
            Map<String, String> to = new java.util.HashMap<>();
            for (int i = 0; i < clients.size(); i++) {
                to.put(order.get(i), clients.get(i));
            }
            String key = render(state, memory, ranks, to, clients, written, closing);
            if (least == null || key.compareTo(least) < 0) {
                least = key;
            }
        }
        return least;
    }

    /**
     * The ranks of the numbers that only compare, or null to keep them as they are: they rank only when they come
     * from one counter (one lock, not a multi-lock's two; sequence numbers or creation indices, not both).
     */
    private static Map<Long, Integer> ranks(ReplayState state, Remembered memory) {
        if (!state.locks().isEmpty() || memory.tokenKinds().size() > 1) {
            return null;
        }
        boolean sequences = memory.tokenKinds().contains("sequence");
        boolean creations = memory.tokenKinds().contains("creation");
        TreeSet<Long> pool = new TreeSet<>();
        for (Znode node : state.znodes().values()) {
            if (node.sequence() >= 0) {
                sequences = true;
                pool.add(node.sequence());
            } else {
                creations = true;
                pool.add((long) memory.lastCreated().getOrDefault(node.path(), -1));
            }
        }
        if (sequences && creations) {
            return null;
        }
        memory.tokens().values().forEach(pool::add);
        pool.add(memory.highestAccepted());
        pool.add(state.resource().lastToken());
        pool.remove(-1L);
        Map<Long, Integer> ranks = new TreeMap<>();
        for (long number : pool) {
            ranks.put(number, ranks.size());
        }
        ranks.put(-1L, -1);
        return ranks;
    }

    private static String number(long value, Map<Long, Integer> ranks) {
        return ranks == null ? String.valueOf(value) : "#" + ranks.get(value);
    }

    private static String render(ReplayState state, Remembered memory, Map<Long, Integer> ranks,
                                 Map<String, String> to, List<String> clients, int written, int closing) {
        StringBuilder key = new StringBuilder();
        key.append("lines ").append(written).append(" closing ").append(closing);
        key.append("|servers ").append(state.serverRunning()).append(' ').append(state.serverRestarts()).append(' ')
                .append(state.ensemble().roles()).append(" permits ").append(state.permits())
                .append(" locks ").append(state.locks());
        List<String> nodes = new ArrayList<>();
        for (Znode node : state.znodes().values()) {
            long number = node.sequence() >= 0 ? node.sequence()
                    : memory.lastCreated().getOrDefault(node.path(), -1);
            nodes.add(path(node.path(), state, ranks) + " " + number(number, ranks) + " "
                    + to.getOrDefault(node.owner(), node.owner()) + " " + node.mode() + " " + node.kind() + " "
                    + !node.protection().isEmpty() + " " + memory.madeBeforeOwnersLastHold(node));
        }
        java.util.Collections.sort(nodes);
        key.append("|nodes ").append(nodes);
        List<String> watches = new ArrayList<>();
        for (ReplayState.Watch watch : state.watches()) {
            watches.add(to.get(watch.client()) + " " + path(watch.path(), state, ranks) + " " + watch.kind());
        }
        java.util.Collections.sort(watches);
        key.append("|watches ").append(watches);
        // Clients in the renamed order: the client renamed to c1 first.
        Map<String, String> from = new TreeMap<>();
        to.forEach((original, renamed) -> from.put(renamed, original));
        for (String renamed : clients) {
            String original = from.get(renamed);
            ClientView c = state.client(original);
            key.append('|').append(renamed).append(' ').append(c.state()).append(' ').append(c.mode()).append(' ')
                    .append(path(c.watching(), state, ranks)).append(' ').append(c.woken()).append(' ')
                    .append(c.connection()).append(' ').append(c.session()).append(' ').append(c.lockSession())
                    .append(' ').append(c.sessionAlive()).append(' ').append(c.paused()).append(' ').append(c.holds())
                    .append(' ').append(c.threw()).append(" server ").append(state.ensemble().serverOf(original))
                    .append(" token ").append(number(memory.tokens().getOrDefault(original, -1L), ranks))
                    .append(" held ").append(memory.lastHolding().containsKey(original))
                    .append(" again ").append(memory.askedAsHolder().contains(original))
                    .append(" loses ").append(memory.createReplyToLose().contains(original));
        }
        key.append("|holders ").append(state.holders().stream().map(to::get).toList());
        ReplayState.Resource resource = state.resource();
        key.append("|resource ").append(resource.fencing()).append(' ').append(number(resource.lastToken(), ranks))
                .append(' ').append(to.getOrDefault(resource.lastWriter(), resource.lastWriter())).append(' ')
                .append(resource.accepted()).append(' ').append(resource.refused()).append(" highest ")
                .append(number(memory.highestAccepted(), ranks));
        return key.toString();
    }

    /** A path below the lock, its sequence number as its rank and a protection tag as "P". */
    private static String path(String path, ReplayState state, Map<Long, Integer> ranks) {
        if (path.isEmpty()) {
            return path;
        }
        String below = path.startsWith(state.lockPath()) ? "~" + path.substring(state.lockPath().length()) : path;
        int slash = below.lastIndexOf('/');
        String parent = below.substring(0, slash + 1);
        String name = below.substring(slash + 1);
        if (name.startsWith("_c_") && name.indexOf('-') > 0) {
            name = "_c_P" + name.substring(name.indexOf('-'));
        }
        long sequence = Znode.sequenceOf(name);
        if (sequence >= 0 && ranks != null) {
            String digits = String.format(java.util.Locale.ROOT, "%010d", sequence);
            if (name.endsWith(digits) && ranks.containsKey(sequence)) {
                name = name.substring(0, name.length() - digits.length()) + "#" + ranks.get(sequence);
            } else if (name.endsWith(digits)) {
                return below; // a number outside the ranks (a node gone): kept whole
            }
        }
        return parent + name;
    }
}

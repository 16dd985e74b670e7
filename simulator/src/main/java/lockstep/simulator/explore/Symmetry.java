package lockstep.simulator.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import lockstep.simulator.scenario.Action;
import lockstep.simulator.scenario.Step;
import lockstep.simulator.scenario.Target;
import lockstep.simulator.scenario.Together;

/**
 * Scripts equal up to the clients' names: a script renamed by a permutation of its clients, compared line by line.
 * The search of every script writes only the least of each family ({@link #isLeast}); clients are interchangeable at
 * a run's start (each idle, connected, in a session of its own, running the same lock), so a renamed script's runs
 * are the renamed runs of the script it came from (why this is sound: docs/design/search.md).
 *
 * <p>Guarantee: {@link #isLeast} holds for exactly one script of each family, and for every line-by-line beginning of
 * it (a beginning that is not the least makes every script after it not the least), so the search may stop offering a
 * line as soon as the script with it is not the least.
 */
final class Symmetry {

    private Symmetry() {
    }

    /** Whether no renaming of {@code clients} makes {@code script} compare less, line by line. */
    static boolean isLeast(List<Step> script, List<String> clients) {
        List<String> own = key(script, identity(clients), clients);
        for (List<String> order : orders(clients)) {
            if (compare(key(script, renaming(clients, order), clients), own) < 0) {
                return false;
            }
        }
        return true;
    }

    /** How many different scripts the renamings of {@code clients} make of {@code script} (itself included). */
    static int family(List<Step> script, List<String> clients) {
        Set<List<String>> seen = new HashSet<>();
        for (List<String> order : orders(clients)) {
            seen.add(key(script, renaming(clients, order), clients));
        }
        return seen.size();
    }

    /** Every order of {@code items}. */
    static List<List<String>> orders(List<String> items) {
        List<List<String>> orders = new ArrayList<>();
        permute(new ArrayList<>(items), 0, orders);
        return orders;
    }

    private static void permute(List<String> items, int from, List<List<String>> orders) {
        if (from >= items.size() - 1) {
            orders.add(List.copyOf(items));
            return;
        }
        for (int i = from; i < items.size(); i++) {
            java.util.Collections.swap(items, from, i);
            permute(items, from + 1, orders);
            java.util.Collections.swap(items, from, i);
        }
    }

    private static Map<String, String> identity(List<String> clients) {
        return renaming(clients, clients);
    }

    private static Map<String, String> renaming(List<String> clients, List<String> order) {
        Map<String, String> to = new HashMap<>();
        for (int i = 0; i < clients.size(); i++) {
            to.put(clients.get(i), order.get(i));
        }
        return to;
    }

    /** The script's lines renamed, a race's members put back in client order (as a script writes them). */
    private static List<String> key(List<Step> script, Map<String, String> to, List<String> clients) {
        return script.stream().map(line -> key(line, to, clients)).toList();
    }

    private static String key(Step line, Map<String, String> to, List<String> clients) {
        if (line instanceof Together together) {
            List<String> members = together.actions().stream().map(a -> key(a, to, clients))
                    .sorted(java.util.Comparator.comparingInt(m -> clients.indexOf(m.substring(0, m.indexOf(' ')))))
                    .toList();
            return "together: " + String.join(" | ", members);
        }
        if (line instanceof Action action && action.target() instanceof Target.Client client
                && action.text().startsWith(client.name() + " ")) {
            return to.get(client.name()) + action.text().substring(client.name().length());
        }
        return line.text();
    }

    private static int compare(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }
}

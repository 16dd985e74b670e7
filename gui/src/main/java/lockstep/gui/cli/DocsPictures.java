package lockstep.gui.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every picture in {@code docs/} and the {@code lockstep} command that makes it: the registry that
 * {@code lockstep docs-images} runs and that a test holds the pages to (every picture a page shows is here, and every
 * picture here is shown by a page).
 *
 * <p>A picture's command is given without its output: {@code render} gets {@code --out PATH}, {@code herd} and
 * {@code bench} get {@code --chart PATH}. Pictures with the same command are made by one run of it. A picture whose
 * figures are timed ({@code bench}) is a benchmark: its figures are recorded in {@code docs/performance.md} beside it,
 * so it is made again only when asked ({@code --benchmarks}), with the page's text updated by hand.
 */
public final class DocsPictures {

    /** One picture: its path from the project's root, and the command (without output option) that draws it. */
    public record Picture(String path, List<String> command) {

        public Picture {
            command = List.copyOf(command);
        }

        /** True when the picture shows timings: it is made only with {@code --benchmarks}. */
        public boolean benchmark() {
            return command.get(0).equals("bench");
        }

        /** The option that names the file the command writes. */
        String outputOption() {
            return command.get(0).equals("render") ? "--out" : "--chart";
        }
    }

    private static final List<Picture> ALL = new ArrayList<>();

    private static void add(String path, String... command) {
        ALL.add(new Picture(path, List.of(command)));
    }

    static {
        // README and the reference pages
        add("docs/images/herd-effect.png", "render", "02", "--algorithm", "naive,sequential", "--step", "11");
        add("docs/images/readers-and-writers.png", "render", "06", "--algorithm", "rwlock,curator-rwlock",
                "--at-line", "56");
        add("docs/images/herd.svg", "herd", "--clients", "2,4,8,16,32,64,128");
        add("docs/images/herd.png", "herd", "--clients", "2,4,8,16,32,64,128");
        add("docs/images/bench-mutex.svg", "bench");
        add("docs/images/bench-mutex.png", "bench");
        // docs/your-own-lock.md: a user's lock (its path is from the project's root, where docs-images runs)
        add("docs/images/your-own-lock.png", "render", "14", "--lock", "docs/examples/AssumeOnWakeLock.java",
                "--algorithm", "sequential", "--at-line", "36");
        // the course, chapter by chapter
        String course = "docs/course/images/";
        add(course + "01-window.png", "render", "02", "--algorithm", "naive,sequential", "--at-line", "22");
        add(course + "02-three-lanes.png", "render", "02", "--algorithm", "naive,children-watch,sequential", "--step",
                "11", "--width", "1600", "--height", "1000");
        add(course + "03-chain.png", "render", "03", "--algorithm", "naive,sequential", "--at-line", "18");
        add(course + "03-one-wake-up.png", "render", "03", "--algorithm", "naive,sequential", "--at-line", "33");
        add(course + "03-lost-reply.png", "render", "12", "--algorithm", "sequential", "--at-line", "23");
        add(course + "04-who-watches-whom.png", "render", "06", "--algorithm", "rwlock,curator-rwlock", "--at-line",
                "24");
        add(course + "05-crash.png", "render", "04", "--algorithm", "sequential,curator-mutex", "--at-line", "23");
        add(course + "05-expire.png", "render", "07", "--algorithm", "sequential,curator-mutex", "--at-line", "24");
        add(course + "05-disconnect.png", "render", "09", "--algorithm", "sequential", "--at-line", "28");
        add(course + "05-unfenced.png", "render", "10", "--algorithm", "sequential", "--at-line", "45");
        add(course + "05-fenced.png", "render", "11", "--algorithm", "sequential", "--at-line", "43");
        add(course + "05-server-stop.png", "render", "13", "--algorithm", "sequential,curator-mutex", "--at-line",
                "22");
        add(course + "06-assume-on-wake.png", "render", "14", "--algorithm", "bug-assume-on-wake,sequential",
                "--at-line", "36");
        add(course + "06-exists-stall.png", "render", "15", "--algorithm", "bug-exists-stall,sequential", "--at-line",
                "24");
        add(course + "06-name-sort.png", "render", "16", "--algorithm", "bug-name-sort,sequential", "--at-line", "23");
        add(course + "06-reader-counts-higher-writers.png", "render", "17", "--algorithm",
                "bug-reader-counts-higher-writers,sequential", "--at-line", "29");
        add(course + "06-persistent-node.png", "render", "18", "--algorithm", "bug-persistent-node,sequential",
                "--at-line", "26");
        add(course + "06-trust-after-expiry.png", "render", "19", "--algorithm", "bug-trust-after-expiry,sequential",
                "--at-line", "42");
        add(course + "06-no-protection.png", "render", "20", "--algorithm", "bug-no-protection,sequential",
                "--at-line", "26");
        add(course + "07-leader-dies.png", "render", "23", "--algorithm", "sequential,curator-mutex", "--at-line",
                "26");
        add(course + "07-holders-server-dies.png", "render", "24", "--algorithm", "sequential", "--at-line", "26");
        add(course + "07-quorum-lost.png", "render", "25", "--algorithm", "sequential", "--at-line", "33");
        add(course + "09-semaphore.png", "render", "27", "--algorithm", "semaphore,curator-semaphore", "--at-line",
                "34");
        add(course + "09-deadlock.png", "render", "29", "--algorithm", "multilock,bug-unordered-multilock",
                "--at-line", "34");
    }

    private DocsPictures() {
    }

    /** Every picture, in the order they are made. */
    public static List<Picture> all() {
        return List.copyOf(ALL);
    }

    /** The paths, each with the picture that makes it. */
    public static Map<String, Picture> byPath() {
        Map<String, Picture> map = new LinkedHashMap<>();
        ALL.forEach(p -> map.put(p.path(), p));
        return map;
    }
}

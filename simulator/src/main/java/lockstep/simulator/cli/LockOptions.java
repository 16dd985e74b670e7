package lockstep.simulator.cli;

import java.util.ArrayList;
import java.util.List;

import lockstep.algorithms.user.UserLockRefused;
import lockstep.algorithms.user.UserLocks;
import lockstep.simulator.BadInputException;
import picocli.CommandLine.Option;

/**
 * {@code --lock FILE.java|FILE.jar[:CLASS]}: a lock the user wrote, taken wherever {@code --algorithm} is ({@code run},
 * {@code explore}, {@code herd}, {@code bench}, and the window's {@code gui} and {@code render}), alone or beside
 * built-in algorithms. Each is compiled or loaded, checked against the contract and registered under its class's simple
 * name before anything runs; what is wrong with it is one line, {@code FILE:LINE:COLUMN: ... (expected ...)}, exit 2.
 */
public final class LockOptions {

    @Option(names = "--lock", paramLabel = "FILE",
            description = "Your own lock: a class implementing Curator's InterProcessLock (or with readLock() and "
                    + "writeLock()) with a public constructor taking a ZooKeeper or a CuratorFramework "
                    + "and the lock's path; a source file is compiled here. May be given more than once. See `docs/your-own-lock.md`.")
    List<String> locks = new ArrayList<>();

    /** True when no {@code --lock} was given. */
    public boolean isEmpty() {
        return locks.isEmpty();
    }

    /** Loads and registers every {@code --lock}; returns their names, in the order given. */
    public List<String> add() throws BadInputException {
        List<String> names = new ArrayList<>();
        List<String> from = new ArrayList<>();
        for (String lock : locks) {
            try {
                String name = UserLocks.add(lock).name();
                int before = names.indexOf(name);
                if (before >= 0 && !from.get(before).equals(lock.strip())) {
                    throw new BadInputException(lock.strip(), "its class is named " + name + ", as the class of "
                            + from.get(before) + " is (expected one lock per class name)");
                }
                if (before < 0) {
                    names.add(name);
                    from.add(lock.strip());
                }
            } catch (UserLockRefused refused) {
                throw new BadInputException(refused.where(), refused.what());
            }
        }
        return names;
    }

    /** {@code algorithms} (or {@code byDefault} when none was given and no lock either), then the locks' names. */
    public List<String> beside(List<String> algorithms, List<String> byDefault) throws BadInputException {
        List<String> names = new ArrayList<>();
        List<String> locksNamed = add();
        if (algorithms != null) {
            names.addAll(algorithms);
        } else if (locksNamed.isEmpty()) {
            names.addAll(byDefault);
        }
        for (String lock : locksNamed) {
            if (!names.contains(lock)) {
                names.add(lock);
            }
        }
        return names;
    }

    /** The options again, to hand to another command: {@code --lock=A --lock=B}. */
    public List<String> asArguments() {
        return locks.stream().map(lock -> "--lock=" + lock).toList();
    }
}

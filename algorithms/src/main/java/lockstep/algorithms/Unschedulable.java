package lockstep.algorithms;

/**
 * Something a lock's code did that Lockstep cannot schedule, said in one line {@code where: what}: an asynchronous call
 * or {@code multi} (the seam refuses them), a ZooKeeper call from a thread of the lock's own (no turn is ever given to
 * it), a wait that ends on the wall clock ({@code Thread.sleep}, a timed wait), an action that neither calls ZooKeeper
 * nor waits. A run that meets one stops there: what the lock did next would depend on timing, not on the schedule,
 * and could not be replayed. Only a user's lock can do such things; Lockstep's own algorithms and Curator's recipes
 * never do.
 *
 * @param where the user's file and line ({@code MyLock.java:42}), or the lock as given when no frame is the user's
 * @param what  what it did, and what was expected instead
 */
public record Unschedulable(String where, String what) {
}

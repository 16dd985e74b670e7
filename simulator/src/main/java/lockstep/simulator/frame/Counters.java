package lockstep.simulator.frame;

/**
 * The running totals a lane shows under it.
 *
 * @param acquisitions  grants so far
 * @param notifications watch notifications delivered
 * @param futileWakeups notifications after which the woken client went back to waiting
 * @param calls         ZooKeeper calls made
 */
public record Counters(int acquisitions, int notifications, int futileWakeups, int calls) {
}
